import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Upload } from '../../contract/multipart';
import type { Database } from '../../db/database';
import type { NewUploadRow, UploadRow } from '../../db/schema';
import { notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import type { Viewer } from '../../plugins/session';
import { StoredFileMissing, type StorageSource } from '../../storage';
import { cleanFileName, contentDisposition } from './file-names';
import { recogniseFile } from './file-types';
import { IMAGE_PRESETS, reencodeImage, type ImageFile, type ImagePreset } from './images';
import * as queries from './queries';
import { perApp, type AppDeps } from '../../lib/per-app';

export type Attachment = components['schemas']['Attachment'];

/** Files meant to be attached to a request (service or website); images will have purposes of their own. */
export const ATTACHMENT_PURPOSE = 'attachment';

/** What an attachment can belong to: service and website requests, proposals and messages, each attached by its module. */
export type AttachmentTargetType = 'service-request' | 'website-request' | 'proposal' | 'message';
export interface AttachmentTarget {
  type: AttachmentTargetType;
  id: string;
}

/** A file whose bytes passed the checks, ready to store: the received file, or an image re-encoded. */
export interface CheckedFile {
  /** The person's own file name, cleaned: what is shown and downloaded. */
  name: string;
  /** The extension of the stored type (`webp` for a re-encoded image), used only in the storage key. */
  extension: string;
  contentType: string;
  size: number;
  source: StorageSource;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Images are re-encoded before they are stored; these are the types served inline. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** Where the file is downloaded: the API root, its id and its name. */
export const downloadUrl = (row: Pick<UploadRow, 'id' | 'name'>) =>
  `/api/uploads/${row.id}/${encodeURIComponent(row.name)}`;

export const toAttachment = (row: UploadRow): Attachment => ({
  id: row.id,
  name: row.name,
  url: downloadUrl(row),
  size: row.size,
  contentType: row.contentType,
});

/**
 * An image decoded and written anew as WebP (see `reencodeImage`). It keeps the name the person
 * gave it (`photo.png` stays `photo.png`); only its storage key ends in `.webp`.
 */
async function checkImage(fileName: string, file: ImageFile, preset: ImagePreset, field: string): Promise<CheckedFile> {
  const image = await reencodeImage(file, IMAGE_PRESETS[preset], field);
  return {
    name: cleanFileName(fileName, 'webp'),
    extension: 'webp',
    contentType: image.contentType,
    size: image.bytes.length,
    source: { stream: Readable.from([image.bytes]), size: image.bytes.length },
  };
}

/**
 * Checks one uploaded file's bytes; a PNG, JPEG or WebP is re-encoded to fit `preset`. A refusal
 * is a 400 naming `field`.
 */
export async function checkFile(
  upload: Upload,
  field: string,
  preset: ImagePreset = 'attachment',
): Promise<CheckedFile> {
  const recognition = await recogniseFile(upload);
  if (!recognition.ok) throw validationFailed([{ field, message: recognition.message }]);
  const { type } = recognition;
  if (IMAGE_TYPES.has(type.contentType)) return checkImage(upload.filename, upload, preset, field);
  return {
    name: cleanFileName(upload.filename, type.extension),
    extension: type.extension,
    contentType: type.contentType,
    size: upload.size,
    source: { path: upload.path },
  };
}

/** Every file checked; the refusals of all of them at once, each on `field.N`. */
export async function checkFiles(uploads: Upload[], field: string): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  const errors: FieldError[] = [];
  for (const [index, upload] of uploads.entries()) {
    try {
      checked.push(await checkFile(upload, `${field}.${index}`));
    } catch (error) {
      const fieldErrors = (error as { errors?: FieldError[] }).errors;
      if (!fieldErrors) throw error;
      errors.push(...fieldErrors);
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return checked;
}

/** An image another module received in its own multipart body, to store for `ownerId`. */
export interface ImageUpload {
  ownerId: string;
  /** What the image is for (`avatar`, `logo`...): a constant, also the first segment of its storage key. */
  purpose: string;
  fileName: string;
  /** The received file (see `Upload`). */
  file: ImageFile;
  preset: ImagePreset;
  /** The multipart field it came in, named in a refusal; `file` unless told. */
  field?: string;
}

/** A key no user input reaches: the purpose, a random uuid and the stored type's extension. */
const newStorageKey = (purpose: string, extension: string) => `${purpose}/${randomUUID()}.${extension}`;

/** The rows of stored files, before insertion. */
export interface StoredFiles {
  rows: Omit<NewUploadRow, 'attachedToType' | 'attachedToId'>[];
  /** Removes the stored bytes; for when the rows could not be written. */
  discard(): Promise<void>;
}

/** What the upload service uses: the upload rows, the stored bytes, and the log for files it could not remove. */
export type UploadDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

export class UploadService {
  constructor(private readonly deps: UploadDeps) {}

  /**
   * Puts checked files in the storage one by one. When one fails, the ones already stored are
   * removed before the error goes on, so a failed call leaves nothing behind.
   */
  async storeFiles(files: CheckedFile[], ownerId: string | null, purpose: string): Promise<StoredFiles> {
    const rows: StoredFiles['rows'] = [];
    const discard = () => this.discard(rows.map((row) => row.storageKey));
    try {
      for (const file of files) {
        const storageKey = newStorageKey(purpose, file.extension);
        await this.deps.storage.put(storageKey, file.source, file.contentType);
        rows.push({
          ownerId,
          purpose,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          storageKey,
        });
      }
    } catch (error) {
      await discard();
      throw error;
    }
    return { rows, discard };
  }

  /** Best effort: a file that cannot be removed is logged, never a second failure. */
  async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.deps.storage
        .delete(key)
        .catch((error: unknown) => this.deps.log.warn({ err: error, key }, 'removing a stored file failed'));
    }
  }

  /** A new unattached attachment of `ownerId`: stored first, then its row; no row, no file. */
  async uploadAttachment(ownerId: string, upload: Upload): Promise<Attachment> {
    return this.storeOne(await checkFile(upload, 'file'), ownerId, ATTACHMENT_PURPOSE);
  }

  /**
   * A new unattached image of `ownerId`: only a PNG, JPEG or WebP, re-encoded to WebP to fit its
   * preset, then stored like an attachment. A refusal is a 400 naming `image.field`.
   */
  async storeImage(image: ImageUpload): Promise<Attachment> {
    const file = await checkImage(image.fileName, image.file, image.preset, image.field ?? 'file');
    return this.storeOne(file, image.ownerId, image.purpose);
  }

  /** Stores one checked file, then writes its row; when the row fails, the file goes too. */
  private async storeOne(file: CheckedFile, ownerId: string, purpose: string): Promise<Attachment> {
    const stored = await this.storeFiles([file], ownerId, purpose);
    try {
      const [row] = await queries.insertUploads(this.deps.db, stored.rows);
      return toAttachment(row!);
    } catch (error) {
      await stored.discard();
      throw error;
    }
  }

  /**
   * The file for a download, when the viewer may see it: anyone for the images public pages show
   * (profile images, business logos, project images); the uploader; for a service request's file
   * its client, and freelancers and businesses while the request is public. Anything else
   * (another's file, a wrong name, bytes gone from the storage) is the same 404.
   */
  async download(
    viewer: Viewer | null,
    id: string,
    name: string,
    readers: AttachmentReaders = {},
  ): Promise<{ row: UploadRow; content: Readable; publicFile: boolean }> {
    const row = await queries.findUpload(this.deps.db, id);
    if (!row || row.name !== name) throw notFound();
    const publicFile = await isPublicFile(this.deps.db, row);
    if (!publicFile && !(await mayRead(viewer, row, readers))) throw notFound();
    try {
      return { row, content: await this.deps.storage.get(row.storageKey), publicFile };
    } catch (error) {
      if (!(error instanceof StoredFileMissing)) throw error;
      this.deps.log.warn({ uploadId: row.id }, 'an upload row has no stored file');
      throw notFound();
    }
  }
}

/**
 * Who besides the owner may read the files attached to an object, by the object's type: the
 * module owning the object decides (a service request's files: its client, and providers while
 * it is public), so uploads never reads another module's tables.
 */
export type AttachmentReaders = Partial<Record<string, (viewer: Viewer, attachedToId: string) => Promise<boolean>>>;

async function mayRead(viewer: Viewer | null, row: UploadRow, readers: AttachmentReaders): Promise<boolean> {
  if (!viewer) return false;
  if (row.ownerId !== null && row.ownerId === viewer.userId) return true;
  const reader = row.attachedToType ? readers[row.attachedToType] : undefined;
  return reader !== undefined && row.attachedToId !== null && reader(viewer, row.attachedToId);
}

/** What public pages show: logos and profile images, and a portfolio project's images and files. */
const PUBLIC_IMAGE_ATTACHMENTS = new Set(['business-logo', 'profile-image']);
const PUBLIC_ATTACHMENTS = new Set(['freelancer-project']);

async function isPublicFile(db: Database, row: UploadRow): Promise<boolean> {
  if (row.attachedToType && PUBLIC_ATTACHMENTS.has(row.attachedToType)) return true;
  if (!IMAGE_TYPES.has(row.contentType)) return false;
  if (row.attachedToType && PUBLIC_IMAGE_ATTACHMENTS.has(row.attachedToType)) return true;
  return queries.isProfileImage(db, row.id);
}

/** The headers of a download: never sniffed, never run; public images may be cached by anyone. */
export function downloadHeaders(row: UploadRow, publicFile = false): Record<string, string> {
  const text = row.contentType.startsWith('text/');
  return {
    'content-type': text ? `${row.contentType}; charset=utf-8` : row.contentType,
    'content-length': String(row.size),
    'content-disposition': contentDisposition(IMAGE_TYPES.has(row.contentType) ? 'inline' : 'attachment', row.name),
    'x-content-type-options': 'nosniff',
    'cache-control': publicFile ? 'public, max-age=86400' : 'private, max-age=300',
    // Opened directly, a file gets no scripts, no plugins and a unique origin.
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
}

export const uploadService = perApp((deps: UploadDeps) => new UploadService(deps));

/** Records checked and stored files as attached to an object, in the caller's transaction. */
export async function insertAttachments(db: Database, rows: NewUploadRow[]): Promise<Attachment[]> {
  return (await queries.insertUploads(db, rows)).map(toAttachment);
}

/** For other modules: stores an image they received (see `UploadService.storeImage`). */
export const storeImage = (deps: UploadDeps, image: ImageUpload): Promise<Attachment> =>
  uploadService(deps).storeImage(image);

/** Splits ids into the well-formed (deduplicated) and field errors for the rest (`attachments.N`). */
function sortIds(ids: readonly string[], field: string): { wanted: Map<string, number>; errors: FieldError[] } {
  const wanted = new Map<string, number>();
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    const key = id.toLowerCase();
    if (!UUID.test(id)) errors.push({ field: `${field}.${index}`, message: 'must be a valid id' });
    else if (wanted.has(key)) errors.push({ field: `${field}.${index}`, message: 'is listed twice' });
    else wanted.set(key, index);
  });
  return { wanted, errors };
}

const NOT_YOURS = 'is not a file you uploaded, or it is already attached to something else';

/**
 * A pre-check for a form: the field errors (`attachments.N`) of the ids that do not name an
 * unattached attachment of `ownerId`; empty when all of them do. Reads only, so it proves
 * nothing at commit time: the write must still go through `claimAttachments`.
 */
export async function validateAttachmentIds(
  db: Database,
  ownerId: string,
  ids: readonly string[],
  field = 'attachments',
  /** The object being changed: files already attached to it are fine too. */
  attachedTo?: AttachmentTarget,
): Promise<FieldError[]> {
  const { wanted, errors } = sortIds(ids, field);
  if (wanted.size > 0) {
    const found = await queries.findUnattached(db, {
      ownerId,
      purpose: ATTACHMENT_PURPOSE,
      ids: [...wanted.keys()],
      orAttachedTo: attachedTo,
    });
    const foundIds = new Set(found.map((row) => row.id.toLowerCase()));
    for (const [id, index] of wanted)
      if (!foundIds.has(id)) errors.push({ field: `${field}.${index}`, message: NOT_YOURS });
  }
  return errors.sort((a, b) => fieldIndex(a) - fieldIndex(b));
}

/**
 * Attaches exactly the given uploads to `target`, inside the caller's transaction (pass the
 * transaction as `db`). Every id must name an attachment `ownerId` uploaded that nothing has
 * claimed yet; otherwise it throws a 400 with one `attachments.N` error per bad id (N its
 * position in `ids`), and the caller's transaction must roll back, undoing any row it claimed.
 * One conditional UPDATE does the work, so when two requests race for one file exactly one
 * gets it and the other gets the 400. An empty `ids` does nothing.
 */
export async function claimAttachments(
  db: Database,
  ownerId: string,
  ids: readonly string[],
  target: { type: 'service-request' | 'message'; id: string },
  field = 'attachments',
): Promise<void> {
  const { wanted, errors } = sortIds(ids, field);
  if (wanted.size > 0) {
    const claimed = await queries.claimUploads(db, {
      ownerId,
      purpose: ATTACHMENT_PURPOSE,
      ids: [...wanted.keys()],
      type: target.type,
      targetId: target.id,
    });
    const claimedIds = new Set(claimed.map((row) => row.id.toLowerCase()));
    for (const [id, index] of wanted)
      if (!claimedIds.has(id)) errors.push({ field: `${field}.${index}`, message: NOT_YOURS });
  }
  if (errors.length > 0) throw validationFailed(errors.sort((a, b) => fieldIndex(a) - fieldIndex(b)));
}

/**
 * Makes `ids` exactly the files attached to `target` (a service request being changed), inside
 * the caller's transaction: each must be an attachment `ownerId` uploaded that is free or already
 * attached there (otherwise the same 400 as `claimAttachments`, and the caller rolls back); the
 * files no longer listed are detached, and the sweeper removes them a day later.
 */
export async function replaceAttachments(
  db: Database,
  ownerId: string,
  ids: readonly string[],
  target: { type: 'service-request'; id: string },
): Promise<void> {
  const { wanted, errors } = sortIds(ids, 'attachments');
  if (wanted.size > 0) {
    const claimed = await queries.claimUploads(db, {
      ownerId,
      purpose: ATTACHMENT_PURPOSE,
      ids: [...wanted.keys()],
      type: target.type,
      targetId: target.id,
      orAttachedToTarget: true,
    });
    const claimedIds = new Set(claimed.map((row) => row.id.toLowerCase()));
    for (const [id, index] of wanted)
      if (!claimedIds.has(id)) errors.push({ field: `attachments.${index}`, message: NOT_YOURS });
  }
  if (errors.length > 0) throw validationFailed(errors.sort((a, b) => fieldIndex(a) - fieldIndex(b)));
  await queries.releaseAttachedExcept(db, target, [...wanted.keys()]);
}

/** The files attached to an object, oldest first, as the contract's Attachment. */
export async function attachmentsOf(db: Database, type: AttachmentTargetType, id: string): Promise<Attachment[]> {
  return (await queries.listAttachedTo(db, type, id)).map(toAttachment);
}

/** The files attached to each of the given objects of one type (a page of messages), by object id. */
export async function attachmentsOfEach(
  db: Database,
  type: AttachmentTargetType,
  ids: readonly string[],
): Promise<Map<string, Attachment[]>> {
  const byObject = new Map<string, Attachment[]>();
  for (const row of await queries.listAttachedToAny(db, type, ids)) {
    const list = byObject.get(row.attachedToId!) ?? [];
    list.push(toAttachment(row));
    byObject.set(row.attachedToId!, list);
  }
  return byObject;
}

/** How many files are attached to each of the given objects of one type (0 for none). */
export async function attachmentCounts(
  db: Database,
  type: AttachmentTargetType,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const row of await queries.countAttachedTo(db, type, ids)) counts.set(row.id, row.total);
  return counts;
}

const fieldIndex = (error: FieldError) => Number(error.field.split('.')[1]);

/*
 * The upload rows as other modules reach them: every read and write of the `uploads` table goes
 * through these (in the caller's transaction when `db` is one), never through the table itself.
 */

/** The rows of the given ids that exist, in no particular order. */
export const findUploads = (db: Database, ids: readonly string[]): Promise<UploadRow[]> => queries.findUploads(db, ids);

/** One upload row, or null. */
export const findUpload = (db: Database, id: string): Promise<UploadRow | null> => queries.findUpload(db, id);

/** The download URL of each of the given uploads that exists, by id (avatars and logos of a page). */
export async function downloadUrlsById(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await queries.findUploads(db, ids)).map((row) => [row.id, downloadUrl(row)]));
}

/**
 * The name of the upload a column names, read in a listing's own statement (a directory's cards'
 * pictures): with the id, `downloadUrl` makes its address without a second query.
 */
export const uploadNameOf = queries.uploadNameOf;

/** The download URL of one upload (a profile image), or null when there is none. */
export async function imageUrl(db: Database, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const row = await queries.findUpload(db, id);
  return row ? downloadUrl(row) : null;
}

/**
 * Deletes the rows of the given ids that match every condition given and answers them; their
 * stored bytes are the caller's to discard (`uploadService(deps).discard`) once its transaction commits.
 */
export const deleteUploads = (db: Database, match: queries.UploadMatch): Promise<UploadRow[]> =>
  queries.deleteUploads(db, match);

/** Attaches already stored uploads (images staged by their owner) to an object of another module. */
export const attachUploads = (db: Database, ids: readonly string[], target: { type: string; id: string }) =>
  queries.attachUploads(db, ids, target);

/**
 * Makes `uploadId` the one image attached to `target` (a business's logo): only an image
 * `ownerId` uploaded that is free or already attached there. Answers the row, or null when the
 * id names nothing the owner may use.
 */
export const claimImage = (db: Database, ownerId: string, uploadId: string, target: { type: string; id: string }) =>
  queries.claimImage(db, ownerId, uploadId, target);

/** Detaches every upload attached to `target` but `keep` (the sweeper removes them a day later). */
export const releaseAttached = (db: Database, target: { type: string; id: string }, keep: string | null) =>
  queries.releaseAttached(db, target, keep);

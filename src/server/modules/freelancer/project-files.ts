import sharp from 'sharp';
import type { Upload } from '../../contract/multipart';
import type { Database } from '../../db/database';
import type { NewUploadRow } from '../../db/schema';
import { ApiError, validationFailed, type FieldError } from '../../errors';
import { cleanFileName, extensionOf, recogniseFile } from '../uploads';
import {
  attachUploads,
  checkFile,
  deleteUploads,
  findUpload,
  insertAttachments,
  storeImage,
  uploadService,
  type StoredFiles,
  type UploadDeps,
} from '../uploads/service';

/** What the upload rows of a project are attached to. */
export const PROJECT_TARGET = 'freelancer-project';
export const PROJECT_IMAGE_PURPOSE = 'project-image';
export const PROJECT_FILE_PURPOSE = 'project-file';

export const MAX_IMAGES = 8;
export const MAX_FILES = 5;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** The types a project's `files` may have (the contract's list: PDF, PNG, JPEG and Office or ZIP). */
const FILE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
]);

/** An image of a project as kept in its `data`: the name it was sent under and its stored size. */
export interface ProjectImageData {
  id: string;
  name: string;
  width: number;
  height: number;
}

/**
 * Files of one request, stored but not yet part of a project: the images' upload rows exist
 * (unattached), the other files' rows are still to be written with the project. `discard`
 * removes everything, rows and bytes, for when the project could not be written.
 */
export interface StagedFiles {
  images: ProjectImageData[];
  fileRows: StoredFiles['rows'];
  discard(): Promise<void>;
}

const tooLarge = (field: string, limit: string) =>
  new ApiError(413, 'payload_too_large', `The file is too large. The limit is ${limit}.`, [
    { field, message: `must be at most ${limit}` },
  ]);

/**
 * Checks sizes and types before anything is stored: an image over 5 MB or a file over 10 MB is a
 * 413, a file of another type a 400 on `images.N`/`files.N`. Damage only decoding finds is
 * refused later, when the image is stored.
 */
export async function precheckFiles(images: Upload[], files: Upload[]): Promise<void> {
  for (const [index, image] of images.entries()) {
    if (image.size > MAX_IMAGE_BYTES) throw tooLarge(`images.${index}`, '5 MB');
  }
  for (const [index, file] of files.entries()) {
    if (file.size > MAX_FILE_BYTES) throw tooLarge(`files.${index}`, '10 MB');
  }
  const errors: FieldError[] = [];
  for (const [index, image] of images.entries()) {
    const recognition = await recogniseFile(image);
    if (!recognition.ok && image.size === 0) {
      errors.push({ field: `images.${index}`, message: recognition.message });
    } else if (!recognition.ok || !IMAGE_TYPES.has(recognition.type.contentType)) {
      errors.push({ field: `images.${index}`, message: 'must be a PNG, JPEG or WebP image' });
    }
  }
  for (const [index, file] of files.entries()) {
    const recognition = await recogniseFile(file);
    if (!recognition.ok) errors.push({ field: `files.${index}`, message: recognition.message });
    else if (!FILE_TYPES.has(recognition.type.contentType)) {
      errors.push({
        field: `files.${index}`,
        message: 'must be a PDF, PNG, JPEG, Word, Excel, PowerPoint or ZIP file',
      });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

async function storedSize(deps: UploadDeps, storageKey: string): Promise<{ width: number; height: number }> {
  const stream = await deps.storage.get(storageKey);
  const bytes = Buffer.concat((await stream.toArray()) as Buffer[]);
  const metadata = await sharp(bytes).metadata();
  return { width: metadata.width, height: metadata.height };
}

/**
 * Stores the images (re-encoded to WebP with the `project` preset) and the files of one request.
 * When one is refused, the ones already stored go again before the error goes on.
 */
export async function stageFiles(
  deps: UploadDeps,
  ownerId: string,
  images: Upload[],
  files: Upload[],
): Promise<StagedFiles> {
  const uploadsService = uploadService(deps);
  const imageRows: { id: string; storageKey: string }[] = [];
  let fileRows: StoredFiles['rows'] = [];
  const discard = async () => {
    const ids = imageRows.map((row) => row.id);
    await deleteUploads(deps.db, { ids });
    await uploadsService.discard([...imageRows.map((row) => row.storageKey), ...fileRows.map((row) => row.storageKey)]);
  };
  const staged: ProjectImageData[] = [];
  try {
    for (const [index, image] of images.entries()) {
      const attachment = await storeImage(deps, {
        ownerId,
        purpose: PROJECT_IMAGE_PURPOSE,
        fileName: image.filename,
        file: image,
        preset: 'project',
        field: `images.${index}`,
      });
      const row = await findUpload(deps.db, attachment.id);
      imageRows.push(row!);
      const extension = extensionOf(image.filename) || 'png';
      staged.push({
        id: attachment.id,
        name: cleanFileName(image.filename, extension),
        ...(await storedSize(deps, row!.storageKey)),
      });
    }
    const checked = [];
    for (const [index, file] of files.entries()) checked.push(await checkFile(file, `files.${index}`));
    fileRows = (await uploadsService.storeFiles(checked, ownerId, PROJECT_FILE_PURPOSE)).rows;
  } catch (error) {
    await discard();
    throw error;
  }
  return { images: staged, fileRows, discard };
}

/** Attaches staged files to the project, inside the caller's transaction. */
export async function attachStaged(db: Database, staged: StagedFiles, projectId: string): Promise<string[]> {
  const imageIds = staged.images.map((image) => image.id);
  await attachUploads(db, imageIds, { type: PROJECT_TARGET, id: projectId });
  if (staged.fileRows.length === 0) return [];
  const rows = await insertAttachments(
    db,
    staged.fileRows.map((row): NewUploadRow => ({ ...row, attachedToType: PROJECT_TARGET, attachedToId: projectId })),
  );
  return rows.map((row) => row.id);
}

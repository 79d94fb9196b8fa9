import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** What a stored file is, as decided from its bytes. */
export interface RecognisedType {
  contentType: string;
  /** The usual extension, without the dot. */
  extension: string;
}

/** The refusal of a file cut short or damaged, whoever finds it out. */
export const INCOMPLETE_FILE = 'is incomplete or damaged; please upload it again';

export const ALLOWED_TYPES_TEXT = 'PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP or ZIP';

/** Types file-type names from their signature, mapped to what is stored and served. */
const BY_SIGNATURE: Record<string, RecognisedType> = {
  'application/pdf': { contentType: 'application/pdf', extension: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
  'image/png': { contentType: 'image/png', extension: 'png' },
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg' },
  'image/webp': { contentType: 'image/webp', extension: 'webp' },
  'application/zip': { contentType: 'application/zip', extension: 'zip' },
};

/**
 * Word 97, Excel 97 and PowerPoint 97 files are all OLE compound files: one signature, so the
 * name's extension says which of the three it is (anything else in that container is refused).
 */
const COMPOUND_FILE = 'application/x-cfb';
const COMPOUND_BY_EXTENSION: Record<string, RecognisedType> = {
  doc: { contentType: 'application/msword', extension: 'doc' },
  xls: { contentType: 'application/vnd.ms-excel', extension: 'xls' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', extension: 'ppt' },
};

/** Text has no signature: it is taken on the sender's word only with the matching extension. */
const TEXT_BY_TYPE: Record<string, RecognisedType> = {
  'text/plain': { contentType: 'text/plain', extension: 'txt' },
  'text/csv': { contentType: 'text/csv', extension: 'csv' },
};

export type Recognition = { ok: true; type: RecognisedType } | { ok: false; message: string };

const refuse = (message: string): Recognition => ({ ok: false, message });

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A received file: where its bytes are, how many, and what the sender called it. */
export interface FileOnDisk {
  path: string;
  size: number;
  mimetype: string;
  filename: string;
}

/**
 * The file's type from its bytes; the declared type and the name only count where the bytes
 * cannot tell (text, and which Office 97 format a compound file is). Refuses empty files and
 * files whose ending is missing (a transfer cut short). Reads the file from disk: its start to
 * recognise it, its end to see it complete, all of it (streamed) only for text.
 */
export async function recogniseFile(file: FileOnDisk): Promise<Recognition> {
  if (file.size === 0) return refuse('must not be empty');
  const extension = extensionOf(file.filename);
  const detected = await fileTypeFromFile(file.path);
  if (detected) {
    const type =
      detected.mime === COMPOUND_FILE ? COMPOUND_BY_EXTENSION[extension] : BY_SIGNATURE[detected.mime as string];
    if (!type) return refuse(`must be a ${ALLOWED_TYPES_TEXT} file`);
    if (!(await isComplete(type.contentType, file))) return refuse(INCOMPLETE_FILE);
    return { ok: true, type };
  }
  const text = TEXT_BY_TYPE[file.mimetype.split(';')[0]!.trim().toLowerCase()];
  if (!text || text.extension !== extension) return refuse(`must be a ${ALLOWED_TYPES_TEXT} file`);
  if (!(await isUtf8WithoutNul(file.path))) return refuse('must be text in UTF-8');
  return { ok: true, type: text };
}

/** Decodes the file chunk by chunk, so a 10 MB text is never in memory whole. */
async function isUtf8WithoutNul(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) {
      if ((chunk as Buffer).includes(0)) return false;
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Up to `bytes` bytes from `position` of the file. */
async function readAt(path: string, position: number, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The file's last `bytes` bytes (all of it when shorter). */
const tail = (file: FileOnDisk, bytes: number) =>
  readAt(file.path, Math.max(0, file.size - bytes), Math.min(bytes, file.size));
/** The file's first `bytes` bytes. */
export const head = (file: Pick<FileOnDisk, 'path' | 'size'>, bytes: number) =>
  readAt(file.path, 0, Math.min(bytes, file.size));

const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The end-of-central-directory record sits within the last 22 bytes plus a comment of up to 64 KiB. */
const ZIP_END_WINDOW = 22 + 0xffff;

/** Whether the file still has the ending its format requires. */
async function isComplete(contentType: string, file: FileOnDisk): Promise<boolean> {
  switch (contentType) {
    case 'application/pdf':
      return (await tail(file, 2048)).includes('%%EOF');
    case 'image/png':
      return (await tail(file, 64)).includes('IEND');
    case 'image/jpeg':
      return (await tail(file, 4096)).includes(Buffer.from([0xff, 0xd9]));
    case 'image/webp': {
      const start = await head(file, 12);
      return start.length >= 12 && start.readUInt32LE(4) + 8 <= file.size;
    }
    case 'application/zip':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return (await tail(file, ZIP_END_WINDOW)).includes(ZIP_END);
    default:
      return true;
  }
}

import { fileTypeFromBuffer } from 'file-type';

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

/**
 * The file's type from its bytes; the declared type and the name only count where the bytes
 * cannot tell (text, and which Office 97 format a compound file is). Refuses empty files and
 * files whose ending is missing (a transfer cut short).
 */
export async function recogniseFile(content: Buffer, declaredType: string, name: string): Promise<Recognition> {
  if (content.length === 0) return refuse('must not be empty');
  const extension = extensionOf(name);
  const detected = await fileTypeFromBuffer(content);
  if (detected) {
    const type =
      detected.mime === COMPOUND_FILE ? COMPOUND_BY_EXTENSION[extension] : BY_SIGNATURE[detected.mime as string];
    if (!type) return refuse(`must be a ${ALLOWED_TYPES_TEXT} file`);
    if (!isComplete(type.contentType, content)) return refuse(INCOMPLETE_FILE);
    return { ok: true, type };
  }
  const text = TEXT_BY_TYPE[declaredType.split(';')[0]!.trim().toLowerCase()];
  if (!text || text.extension !== extension) return refuse(`must be a ${ALLOWED_TYPES_TEXT} file`);
  if (content.includes(0) || !isUtf8(content)) return refuse('must be text in UTF-8');
  return { ok: true, type: text };
}

function isUtf8(content: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

const tail = (content: Buffer, bytes: number) => content.subarray(Math.max(0, content.length - bytes));
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The end-of-central-directory record sits within the last 22 bytes plus a comment of up to 64 KiB. */
const ZIP_END_WINDOW = 22 + 0xffff;

/** Whether the file still has the ending its format requires. */
function isComplete(contentType: string, content: Buffer): boolean {
  switch (contentType) {
    case 'application/pdf':
      return tail(content, 2048).includes('%%EOF');
    case 'image/png':
      return tail(content, 64).includes('IEND');
    case 'image/jpeg':
      return tail(content, 4096).includes(Buffer.from([0xff, 0xd9]));
    case 'image/webp':
      return content.length >= 12 && content.readUInt32LE(4) + 8 <= content.length;
    case 'application/zip':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return tail(content, ZIP_END_WINDOW).includes(ZIP_END);
    default:
      return true;
  }
}

import { UPLOAD_BYTES, UPLOAD_TYPES } from '@/lib/limits';

/**
 * The server's upload rules (uploadAttachment and the website request), checked before a file is
 * sent so the person hears about a wrong type or size at once. The server decides from the bytes;
 * here the extension stands in for them.
 */
export const MAX_UPLOAD_BYTES = UPLOAD_BYTES.file;

/** File extensions and their MIME types; the ones the contract's uploadAttachment takes are allowed. */
const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  zip: 'application/zip',
};

const TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(EXTENSION_TYPES).filter(([, type]) => UPLOAD_TYPES.attachment.includes(type)),
);

export const ALLOWED_TYPES_TEXT = 'PDF, Word, Excel, PowerPoint, TXT, CSV, PNG, JPEG, WebP or ZIP';

/** For the file input's `accept`: extensions and types, so every browser's picker filters. */
export const ACCEPT = [...Object.keys(TYPES).map((ext) => `.${ext}`), ...new Set(Object.values(TYPES))].join(',');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Why the server would refuse the file, or null. */
export function fileProblem(file: File): string | null {
  if (!TYPES[extensionOf(file.name)]) return `${file.name} is not a ${ALLOWED_TYPES_TEXT} file.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}

/**
 * The file as it should be sent. Text has no signature, so the server takes a TXT or CSV only
 * with its own type; some systems label CSV as an Excel file, so the type is set from the name.
 */
export function forUpload(file: File): File {
  const type = TYPES[extensionOf(file.name)];
  if ((type === 'text/plain' || type === 'text/csv') && file.type !== type) {
    return new File([file], file.name, { type, lastModified: file.lastModified });
  }
  return file;
}

/** 1.2 MB, 640 KB, 312 bytes. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

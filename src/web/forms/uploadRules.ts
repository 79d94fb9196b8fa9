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

/** How each extension is named to people, in the order the hints list them. */
const TYPE_NAMES: Record<string, string> = {
  pdf: 'PDF',
  doc: 'Word',
  docx: 'Word',
  xls: 'Excel',
  xlsx: 'Excel',
  ppt: 'PowerPoint',
  pptx: 'PowerPoint',
  txt: 'TXT',
  csv: 'CSV',
  png: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  webp: 'WebP',
  zip: 'ZIP',
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The rules of one multipart upload, as the picker and the checks before sending use them. */
export interface UploadRules {
  /** For the file input's `accept`: extensions and types, so every browser's picker filters. */
  accept: string;
  /** The kinds of file taken, for people: "PDF, Word, PNG, JPEG or ZIP". */
  typesText: string;
  maxFileBytes: number;
  /** Why the server would refuse the file, or null. */
  problem: (file: File) => string | null;
}

/** The rules of an upload taking `allowedTypes` (the contract's MIME types) up to `maxFileBytes` each. */
export function uploadRulesFor(allowedTypes: readonly string[], maxFileBytes: number): UploadRules {
  const types: Record<string, string> = Object.fromEntries(
    Object.entries(EXTENSION_TYPES).filter(([, type]) => allowedTypes.includes(type)),
  );
  const names = [...new Set(Object.keys(types).map((ext) => TYPE_NAMES[ext] ?? ext.toUpperCase()))];
  const typesText = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  const sizeText = formatSize(maxFileBytes).replace('.0 MB', ' MB');
  return {
    accept: [...Object.keys(types).map((ext) => `.${ext}`), ...new Set(Object.values(types))].join(','),
    typesText,
    maxFileBytes,
    problem: (file) => {
      if (!types[extensionOf(file.name)]) return `${file.name} is not a ${typesText} file.`;
      if (file.size === 0) return `${file.name} is empty.`;
      if (file.size > maxFileBytes) return `${file.name} is larger than ${sizeText}.`;
      return null;
    },
  };
}

const ATTACHMENT_RULES = uploadRulesFor(UPLOAD_TYPES.attachment, MAX_UPLOAD_BYTES);
const TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(EXTENSION_TYPES).filter(([, type]) => UPLOAD_TYPES.attachment.includes(type)),
);

export const ALLOWED_TYPES_TEXT = ATTACHMENT_RULES.typesText;

/** For the file input's `accept`: extensions and types, so every browser's picker filters. */
export const ACCEPT = ATTACHMENT_RULES.accept;

/** Why the server would refuse the file, or null. */
export const fileProblem = ATTACHMENT_RULES.problem;

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

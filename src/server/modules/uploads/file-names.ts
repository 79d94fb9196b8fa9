export const MAX_NAME_LENGTH = 200;
/** Keeps a download path (`/api/uploads/<id>/<name>`) within the router's parameter limit. */
const MAX_ENCODED_LENGTH = 1500;

// C0 and C1 controls, and the bidirectional overrides that make `exe.pdf` read as `fdp.exe`.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is shown and downloaded under: the last segment of whatever path the browser
 * sent (`../../etc/passwd` -> `passwd`), without control characters, trimmed, at most 200
 * characters with the extension kept. Never empty: `file.<extension>` stands in.
 */
export function cleanFileName(raw: string, fallbackExtension: string): string {
  const segment = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = segment.replace(UNSAFE, '').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (name === '') return `file.${fallbackExtension}`;
  const characters = [...name];
  if (characters.length <= MAX_NAME_LENGTH && encodeURIComponent(name).length <= MAX_ENCODED_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 11 ? name.slice(dot) : '';
  const base = [...name.slice(0, name.length - extension.length)];
  let kept = MAX_NAME_LENGTH - extension.length;
  while (kept > 1 && encodeURIComponent(base.slice(0, kept).join('') + extension).length > MAX_ENCODED_LENGTH) kept--;
  return base.slice(0, kept).join('').trimEnd() + extension;
}

/** `Content-Disposition` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

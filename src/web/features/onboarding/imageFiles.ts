import { UPLOAD_BYTES, UPLOAD_TYPES } from '@/lib/limits';

/**
 * The server's image rules (profile picture, logo, sample images): PNG, JPEG or WebP, at most
 * 5 MB. Checked before sending so the person hears at once; the server decides from the bytes.
 */
export const IMAGE_TYPES = UPLOAD_TYPES.profileImage;
export const IMAGE_ACCEPT = ['.png', '.jpg', '.jpeg', '.webp', ...IMAGE_TYPES].join(',');
export const MAX_IMAGE_BYTES = UPLOAD_BYTES.image;
export const IMAGE_RULES_TEXT = 'PNG, JPEG or WebP, up to 5 MB';

const EXTENSIONS = /\.(png|jpe?g|webp)$/i;

/** Why the server would refuse this image, or null. */
export function imageProblem(file: File): string | null {
  const typed = file.type ? IMAGE_TYPES.includes(file.type) : EXTENSIONS.test(file.name);
  if (!typed) return `${file.name} is not a PNG, JPEG or WebP image.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is larger than 5 MB.`;
  return null;
}

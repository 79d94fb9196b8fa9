import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { validationFailed } from '../../errors';
import { head, INCOMPLETE_FILE, type FileOnDisk } from './file-types';

/** The box an image is resized to fit in, never cropped and never enlarged. */
export interface ImageBox {
  maxWidth: number;
  maxHeight: number;
}

export const IMAGE_PRESETS = {
  attachment: { maxWidth: 2560, maxHeight: 2560 },
  avatar: { maxWidth: 512, maxHeight: 512 },
  logo: { maxWidth: 512, maxHeight: 512 },
  project: { maxWidth: 1920, maxHeight: 1920 },
} as const satisfies Record<string, ImageBox>;

export type ImagePreset = keyof typeof IMAGE_PRESETS;

export interface ReencodedImage {
  bytes: Buffer;
  contentType: 'image/webp' | 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** An image received on disk: sharp reads it from there. */
export type ImageFile = Pick<FileOnDisk, 'path' | 'size'>;

/** Larger images are refused before a pixel is decoded: 50 megapixels is an 8660 x 5773 photo. */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 82;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Fails on any decoder warning, so a damaged or cut-short file is refused rather than stored
 * half-decoded; reads the first frame only (animated images are refused before decoding).
 */
const DECODING: SharpOptions = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 };

/** Only these three reach a decoder; sharp would read many more formats (SVG, TIFF, HEIF...). */
const isPngJpegOrWebp = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(PNG_SIGNATURE) ||
  bytes.subarray(0, 3).equals(JPEG_SIGNATURE) ||
  (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP');

const refuse = (field: string, message: string) => validationFailed([{ field, message }]);

/** The image's header: its format, size and frame count, nothing decoded yet. */
async function inspect(file: ImageFile, field: string): Promise<void> {
  if (!isPngJpegOrWebp(await head(file, 12))) throw refuse(field, 'must be a PNG, JPEG or WebP image');
  let metadata: Metadata;
  try {
    metadata = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(field, INCOMPLETE_FILE);
  }
  if ((metadata.pages ?? 1) > 1) throw refuse(field, 'must not be animated');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw refuse(field, `must be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
}

/**
 * A PNG, JPEG or WebP decoded and written anew as WebP: turned upright by its EXIF orientation,
 * without any metadata (EXIF, GPS, XMP, ICC), resized to fit `box` when larger. Whatever the
 * original held besides its pixels is gone. A file that cannot be fully decoded, an animation
 * or an image over 50 megapixels is a 400 naming `field`. The result (at most the box's size, as
 * WebP) is held in memory; the original is read from its file.
 */
export async function reencodeImage(file: ImageFile, box: ImageBox, field = 'file'): Promise<ReencodedImage> {
  await inspect(file, field);
  try {
    const { data, info } = await sharp(file.path, DECODING)
      .rotate()
      .resize({ width: box.maxWidth, height: box.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw refuse(field, INCOMPLETE_FILE);
  }
}

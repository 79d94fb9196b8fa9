// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { INCOMPLETE_FILE } from '../../../src/server/modules/uploads/file-types';
import { IMAGE_PRESETS, reencodeImage } from '../../../src/server/modules/uploads/images';
import { animatedWebp, cut, cutKeepingTheEnd, fileOnDisk, image, plainImage, pngBomb } from '../../api/upload-files';

const refusal = (message: string, field = 'file') => ({ statusCode: 400, errors: [{ field, message }] });

describe('re-encoding an uploaded image', () => {
  it('turns a phone photo upright and drops its EXIF, GPS included', async () => {
    const photo = await image('jpeg', 400, 300, { orientation: 6, gps: true });
    const sent = await sharp(photo).metadata();
    expect([sent.orientation, sent.exif?.includes(Buffer.from([0x25, 0x88]))]).toEqual([6, true]);

    const result = await reencodeImage(fileOnDisk(photo), IMAGE_PRESETS.attachment);
    expect(result).toMatchObject({ contentType: 'image/webp', width: 300, height: 400 });
    const stored = await sharp(result.bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 300, height: 400 });
    expect([stored.exif, stored.xmp, stored.icc, stored.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each([
    ['png', 4000, 1000, IMAGE_PRESETS.project],
    ['jpeg', 900, 3000, IMAGE_PRESETS.avatar],
    ['webp', 2048, 1536, IMAGE_PRESETS.logo],
  ] as const)('fits a large %s of %i x %i inside its preset without cropping', async (format, width, height, box) => {
    const result = await reencodeImage(fileOnDisk(await plainImage(format, width, height)), box);
    // Scaled by one factor, so the picture fills the box on one side and keeps its aspect ratio to a pixel.
    const scale = Math.min(box.maxWidth / width, box.maxHeight / height);
    expect(Math.abs(result.width - width * scale)).toBeLessThanOrEqual(1);
    expect(Math.abs(result.height - height * scale)).toBeLessThanOrEqual(1);
    expect(result.width === box.maxWidth || result.height === box.maxHeight).toBe(true);
    expect(await sharp(result.bytes).metadata()).toMatchObject({ width: result.width, height: result.height });
  });

  it('never enlarges a small image', async () => {
    const result = await reencodeImage(fileOnDisk(await image('png', 64, 40)), IMAGE_PRESETS.avatar);
    expect(result).toMatchObject({ contentType: 'image/webp', width: 64, height: 40 });
  });

  it('refuses a cut-off or damaged JPEG or PNG instead of storing half a picture', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await image(format, 300, 200);
      await expect(reencodeImage(fileOnDisk(cut(whole)), IMAGE_PRESETS.attachment)).rejects.toMatchObject(
        refusal(INCOMPLETE_FILE),
      );
      await expect(
        reencodeImage(fileOnDisk(cutKeepingTheEnd(whole, format)), IMAGE_PRESETS.attachment, 'attachments.2'),
      ).rejects.toMatchObject(refusal(INCOMPLETE_FILE, 'attachments.2'));
    }
  });

  it('refuses an image over 50 megapixels before decoding it, and an animated one', async () => {
    await expect(reencodeImage(fileOnDisk(await pngBomb()), IMAGE_PRESETS.attachment)).rejects.toMatchObject(
      refusal('must be at most 50 megapixels'),
    );
    await expect(reencodeImage(fileOnDisk(await animatedWebp()), IMAGE_PRESETS.attachment)).rejects.toMatchObject(
      refusal('must not be animated'),
    );
  });

  it('hands nothing but PNG, JPEG and WebP to the decoder', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const bytes of [svg, gif, Buffer.alloc(0)])
      await expect(reencodeImage(fileOnDisk(bytes), IMAGE_PRESETS.attachment)).rejects.toMatchObject(
        refusal('must be a PNG, JPEG or WebP image'),
      );
  });
});

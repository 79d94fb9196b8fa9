import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from './helpers';

/** A ZIP archive with stored (uncompressed) entries: enough for file-type and for Office files. */
export function zipOf(entries: [name: string, content: string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const fileName = Buffer.from(name);
    const data = Buffer.from(content);
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function officeFile(part: string, mainType: string): Buffer {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${mainType}.main+xml"/></Types>`;
  return zipOf([
    ['[Content_Types].xml', types],
    [part, '<?xml version="1.0"?><root/>'],
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A real 1 x 1 PNG. */
export function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(6, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x1f, 0x71, 0xbe, 0xff]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/**
 * A `width` x `height` image of random pixels (so a cut lands in the pixel data), made by sharp.
 * `orientation` and `gps` add EXIF: the orientation a phone writes, and where the photo was taken.
 */
export function image(
  format: ImageFormat,
  width: number,
  height: number,
  exif: { orientation?: number; gps?: boolean } = {},
): Promise<Buffer> {
  let pipeline = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  if (exif.orientation) pipeline = pipeline.withMetadata({ orientation: exif.orientation });
  if (exif.gps) pipeline = pipeline.withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } });
  return pipeline.toFormat(format).toBuffer();
}

/** One colour, so a large image is quick to make and small to send. */
export const plainImage = (format: ImageFormat, width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#3c6e71' } })
    .toFormat(format)
    .toBuffer();

/** 64 megapixels of one colour: about 190 KB as a PNG, 190 MB once decoded. */
export const pngBomb = () => plainImage('png', 8000, 8000);

/** Two frames of an animated WebP. */
export async function animatedWebp(): Promise<Buffer> {
  const frames = await Promise.all([image('png', 24, 24), image('png', 24, 24)]);
  return sharp(frames, { join: { animated: true } })
    .webp()
    .toBuffer();
}

/** The first part of a file, as a transfer cut short leaves it. */
export const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));

/**
 * A file cut short that still ends as its format should (JPEG's end marker, PNG's IEND chunk):
 * only decoding it finds the damage.
 */
export function cutKeepingTheEnd(bytes: Buffer, format: 'png' | 'jpeg'): Buffer {
  const ending = format === 'png' ? bytes.subarray(bytes.length - 12) : Buffer.from([0xff, 0xd9]);
  return Buffer.concat([cut(bytes), ending]);
}

const JPEG = await image('jpeg', 48, 32);
const WEBP = await image('webp', 48, 32);
export const jpeg = () => Buffer.from(JPEG);
export const webp = () => Buffer.from(WEBP);

export const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** An OLE compound file header, as Word 97, Excel 97 and PowerPoint 97 files start. */
export function compoundFile(): Buffer {
  const bytes = Buffer.alloc(1536);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes);
  return bytes;
}

export interface SampleFile {
  label: string;
  name: string;
  type: string;
  bytes: Buffer;
  /** What the server should store it as. */
  storedAs: string;
  /** The name it is shown and downloaded under: the person's own, images included. */
  storedName: string;
  /** The extension of its storage key: the stored type's (`webp` for every image). */
  keyExtension: string;
}

export const SAMPLE_FILES: SampleFile[] = [
  {
    label: 'PDF',
    name: 'brief.pdf',
    type: 'application/pdf',
    bytes: pdf(),
    storedAs: 'application/pdf',
    storedName: 'brief.pdf',
    keyExtension: 'pdf',
  },
  {
    label: 'DOCX',
    name: 'scope.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: officeFile('word/document.xml', 'wordprocessingml.document'),
    storedAs: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    storedName: 'scope.docx',
    keyExtension: 'docx',
  },
  {
    label: 'XLSX',
    name: 'sales.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: officeFile('xl/workbook.xml', 'spreadsheetml.sheet'),
    storedAs: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    storedName: 'sales.xlsx',
    keyExtension: 'xlsx',
  },
  {
    label: 'PPTX',
    name: 'pitch.pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    bytes: officeFile('ppt/presentation.xml', 'presentationml.presentation'),
    storedAs: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    storedName: 'pitch.pptx',
    keyExtension: 'pptx',
  },
  {
    label: 'DOC',
    name: 'old-scope.doc',
    type: 'application/msword',
    bytes: compoundFile(),
    storedAs: 'application/msword',
    storedName: 'old-scope.doc',
    keyExtension: 'doc',
  },
  {
    label: 'XLS',
    name: 'old-sales.xls',
    type: 'application/vnd.ms-excel',
    bytes: compoundFile(),
    storedAs: 'application/vnd.ms-excel',
    storedName: 'old-sales.xls',
    keyExtension: 'xls',
  },
  {
    label: 'PNG',
    name: 'mock-up.png',
    type: 'image/png',
    bytes: png(),
    storedAs: 'image/webp',
    storedName: 'mock-up.png',
    keyExtension: 'webp',
  },
  {
    label: 'JPEG',
    name: 'photo.JPG',
    type: 'image/jpeg',
    bytes: jpeg(),
    storedAs: 'image/webp',
    storedName: 'photo.JPG',
    keyExtension: 'webp',
  },
  {
    label: 'WebP',
    name: 'screen.webp',
    type: 'image/webp',
    bytes: webp(),
    storedAs: 'image/webp',
    storedName: 'screen.webp',
    keyExtension: 'webp',
  },
  {
    label: 'ZIP',
    name: 'samples.zip',
    type: 'application/zip',
    bytes: zipOf([['data/orders.csv', 'id,total\n1,20\n']]),
    storedAs: 'application/zip',
    storedName: 'samples.zip',
    keyExtension: 'zip',
  },
  {
    label: 'TXT',
    name: 'notes.txt',
    type: 'text/plain',
    bytes: Buffer.from('Ünïcode notes ✓\n'),
    storedAs: 'text/plain',
    storedName: 'notes.txt',
    keyExtension: 'txt',
  },
  {
    label: 'CSV',
    name: 'orders.csv',
    type: 'text/csv',
    bytes: Buffer.from('id,total\n1,20\n'),
    storedAs: 'text/csv',
    storedName: 'orders.csv',
    keyExtension: 'csv',
  },
];

export interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

const BOUNDARY = '----upload-test-boundary-7d1e';

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

let filesOnDisk: string | undefined;

/** Bytes in a file of their own, as the server receives an upload (`Upload.path` and `size`). */
export function fileOnDisk(bytes: Buffer): { path: string; size: number } {
  if (!filesOnDisk) {
    const dir = mkdtempSync(join(tmpdir(), 'marketplace-test-files-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    filesOnDisk = dir;
  }
  const path = join(filesOnDisk, randomBytes(8).toString('hex'));
  writeFileSync(path, bytes);
  return { path, size: bytes.length };
}

/** Where this app's storage keeps files (`DATA_DIR/uploads`). */
export const uploadsDirOf = (testApp: TestApp) => join(dirname(testApp.outboxDir), 'uploads');

/** Every file under the uploads directory, half-written ones included, relative to it. */
export function storedFiles(testApp: TestApp): string[] {
  const root = uploadsDirOf(testApp);
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
        )
      : [];
  return walk(root).sort();
}

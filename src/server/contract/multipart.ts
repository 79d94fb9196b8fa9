import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { ApiError, validationFailed, type FieldError } from '../errors';
import type { JsonObject } from './dereference';
import type { UploadLimits } from './document';
import { inspectInput, lineBreakRules } from './input-guard';
import { toFieldErrors } from './validation-errors';
import { lazyValidator } from './ajv';

/**
 * Ceilings of every multipart body, whatever the operation: the parser's own guard. Each
 * operation's file limits (`x-upload`) are smaller and are enforced while the files stream in.
 */
export const MULTIPART_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  /** The most any operation takes: a portfolio project's 8 images and 5 files. */
  files: 13,
  fields: 100,
  fieldSize: 100 * 1024,
  parts: 110,
  headerPairs: 200,
};

/**
 * An uploaded file, received into a temporary file that is removed when the request ends: read
 * it from `path`, never keep the path. Its bytes are never held in memory whole.
 */
export interface Upload {
  filename: string;
  mimetype: string;
  /** The temporary file holding the bytes. */
  path: string;
  /** Its length in bytes. */
  size: number;
}

/** A multipart body after validation: text fields as typed by the contract, files by field name. */
export type MultipartBody = Record<string, unknown> & { files: Record<string, Upload[]> };

/**
 * An operation's checks of the caller and the text fields (already valid against the contract)
 * that must pass before a file byte is stored: a rate limit, a field the contract cannot judge.
 * Runs once per request, at the first file part, or after the body when it has no file.
 */
export type UploadCheck = (request: FastifyRequest, fields: Record<string, unknown>) => Promise<void>;

export interface MultipartOptions {
  schema: JsonObject;
  ajv: Ajv2020;
  limits: UploadLimits;
  /** Where files are received (on the data directory's disk, not in memory or on a tmpfs). */
  tempDir: string;
  check?: UploadCheck;
}

/** The temporary files of each request, removed by `removeTemporaryUploads`. */
const temporaryFiles = new WeakMap<FastifyRequest, string[]>();

/** Deletes the request's received files; idempotent, and never fails the request. */
export async function removeTemporaryUploads(request: FastifyRequest): Promise<void> {
  const paths = temporaryFiles.get(request);
  if (!paths || paths.length === 0) return;
  temporaryFiles.set(request, []);
  await Promise.all(
    paths.map((path) =>
      rm(path, { force: true }).catch((error: unknown) =>
        request.log.warn({ err: error, path }, 'removing a received file failed'),
      ),
    ),
  );
}

const MB = 1024 * 1024;
/** `10485760` -> `10 MB`, `2621440` -> `2.5 MB`. */
export const megabytes = (bytes: number) => `${Number((bytes / MB).toFixed(1))} MB`;

const fileTooLarge = (field: string, limit: number) =>
  new ApiError(413, 'payload_too_large', `The file is too large. The limit is ${megabytes(limit)}.`, [
    { field, message: `must be at most ${megabytes(limit)}` },
  ]);
const filesTooLarge = (limit: number) =>
  new ApiError(413, 'payload_too_large', `The files are too large together. The limit is ${megabytes(limit)}.`);
const tooManyFiles = (limit: number) =>
  new ApiError(413, 'payload_too_large', `Too many files. The limit is ${limit}.`);

/**
 * Reads a multipart body and validates it against the contract's schema. Text fields are coerced
 * like query parameters (they arrive as strings); each file counts as present under its field
 * (`format: binary`), so `required`, `maxItems` and unknown names are checked, never the bytes.
 *
 * Text fields come before files (browsers send a FormData in the order it was filled): at the
 * first file part the text fields so far must satisfy the contract and the operation's `check`,
 * so a refused request stores nothing. Each file then streams to a temporary file within the
 * operation's `x-upload` limits; the first file past one stops the reading with a 400 or 413.
 */
export function multipartValidator({ schema, ajv, limits, tempDir, check }: MultipartOptions) {
  const validate = lazyValidator(ajv, schema);
  const fileFields = binaryProperties(schema);
  const textFields = new Set([...topLevelProperties(schema).keys()].filter((name) => !fileFields.has(name)));
  const textRules = lineBreakRules(schema);
  const validateText = lazyValidator(ajv, withoutProperties(schema, fileFields));
  const maxItems = fileCounts(schema, fileFields);
  const misplacedFields = (fields: Record<string, unknown>): FieldError[] =>
    Object.keys(fields)
      .filter((name) => fileFields.has(name))
      .map((name) => ({ field: name, message: 'must be a file' }));

  /** The text fields so far, checked as if no file were to come, then the operation's check. */
  const checkBeforeFiles = async (request: FastifyRequest, fields: Record<string, unknown>) => {
    const unsafeText = inspectInput(fields, '', textRules);
    if (unsafeText.length > 0) throw validationFailed(unsafeText);
    const text = { ...fields };
    const valid = validateText(text);
    const errors = [...misplacedFields(fields), ...(valid ? [] : toFieldErrors(validateText.errors ?? [], 'body'))];
    if (errors.length > 0) throw validationFailed(errors);
    await check?.(request, text);
  };

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const fields: Record<string, unknown> = {};
    /** How many values of each field the guard saw at the first file; none when no file came. */
    let inspectedBeforeFiles: Map<string, number> | undefined;
    const files: Record<string, Upload[]> = {};
    const received: string[] = [];
    temporaryFiles.set(request, received);
    let fileCount = 0;
    const totals = { bytes: 0 };
    let current: MultipartFile | undefined;
    try {
      const parts = request.parts({
        // One more than allowed reaches the code below, which answers with the operation's limit.
        limits: { ...MULTIPART_LIMITS, files: limits.maxFiles + 1, fileSize: limits.maxFileBytes + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          current = part;
          if (fileCount === 0) {
            inspectedBeforeFiles = valueCounts(fields);
            await checkBeforeFiles(request, fields);
            await mkdir(tempDir, { recursive: true });
          }
          fileCount += 1;
          const uploads = (files[part.fieldname] ??= []);
          checkFileCount(part.fieldname, uploads.length + 1, fileCount);
          const path = join(tempDir, `${randomUUID()}.part`);
          received.push(path);
          const fileLimit = Math.min(limits.fileBytes?.[part.fieldname] ?? limits.maxFileBytes, limits.maxFileBytes);
          const field = maxItems.get(part.fieldname) === 1 ? part.fieldname : `${part.fieldname}.${uploads.length}`;
          uploads.push(await receive(part, path, { field, fileLimit, totalLimit: limits.maxTotalBytes, totals }));
        } else {
          appendField(fields, part.fieldname, part.value);
        }
      }
    } catch (error) {
      // Unread, the part would hold the parser (and the request) open.
      current?.file.destroy();
      await refuse(request, reply);
      if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw validationFailed([{ field: 'body', message: 'must be a well-formed multipart form' }]);
    }
    // The text fields go through the same guard as a JSON body, before Ajv coerces them: all of
    // them when no file came, else those that arrived after the first file (the guard saw the rest).
    const unsafeText = inspectInput(notYetInspected(fields, inspectedBeforeFiles), '', textRules);
    if (unsafeText.length > 0) {
      await removeTemporaryUploads(request);
      throw validationFailed(unsafeText);
    }

    const misplaced: FieldError[] = [
      ...misplacedFields(fields),
      ...Object.keys(files)
        .filter((name) => textFields.has(name))
        .map((name) => ({ field: name, message: 'must be text, not a file' })),
    ];
    const shape: Record<string, unknown> = { ...fields };
    for (const [name, uploads] of Object.entries(files)) {
      shape[name] = uploads.length === 1 ? uploads[0]!.filename : uploads.map((upload) => upload.filename);
    }
    const valid = validate(shape);
    const errors = [...misplaced, ...(valid ? [] : toFieldErrors(validate.errors ?? [], 'body'))];
    if (errors.length > 0) {
      await removeTemporaryUploads(request);
      throw validationFailed(errors);
    }

    for (const name of Object.keys(files)) delete shape[name];
    if (fileCount === 0) await check?.(request, shape);
    request.body = { ...shape, files } satisfies MultipartBody;
  };

  /** A file on a text field or beyond its field's `maxItems` is a 400; beyond `maxFiles` a 413. */
  function checkFileCount(field: string, countInField: number, count: number): void {
    if (!fileFields.has(field)) {
      const message = textFields.has(field) ? 'must be text, not a file' : 'is not allowed';
      throw validationFailed([{ field, message }]);
    }
    const most = maxItems.get(field);
    if (most !== undefined && countInField > most) {
      const message = most === 1 ? 'must be a single file' : `must have at most ${most} items`;
      throw validationFailed([{ field, message }]);
    }
    if (count > limits.maxFiles) throw tooManyFiles(limits.maxFiles);
  }
}

/**
 * Streams one file part to `path`, counting its bytes against its own limit and the request's
 * total; the first byte over either stops the transfer.
 */
async function receive(
  part: MultipartFile,
  path: string,
  options: { field: string; fileLimit: number; totalLimit: number; totals: { bytes: number } },
): Promise<Upload> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      options.totals.bytes += chunk.length;
      if (size > options.fileLimit) callback(fileTooLarge(options.field, options.fileLimit));
      else if (options.totals.bytes > options.totalLimit) callback(filesTooLarge(options.totalLimit));
      else callback(null, chunk);
    },
  });
  const sink = createWriteStream(path, { flags: 'wx' });
  try {
    await pipeline(part.file, counter, sink);
  } catch (error) {
    // The pipeline can reject before the file is even opened; removing it before the stream has
    // closed would leave the file the stream then creates.
    if (!sink.closed) await once(sink, 'close');
    throw error;
  }
  // The parser cuts a file at the largest size of any operation; a cut file is over the limit.
  if (part.file.truncated) throw fileTooLarge(options.field, options.fileLimit);
  return { filename: part.filename, mimetype: part.mimetype, path, size };
}

/**
 * After a refusal mid-body: the files received so far go, and the connection closes once the
 * answer is sent, so the rest of the body is never read (nor waited for).
 */
async function refuse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await removeTemporaryUploads(request);
  if (!request.raw.readableEnded) reply.header('connection', 'close');
}

/** How many values each field holds (a repeated field is a list). */
function valueCounts(fields: Record<string, unknown>): Map<string, number> {
  return new Map(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value.length : 1]));
}

/**
 * The fields holding a value the guard has not seen: every field when it saw none, else those
 * that are new or got another value since (a repeated field goes whole, to keep its item names).
 */
function notYetInspected(fields: Record<string, unknown>, inspected: Map<string, number> | undefined) {
  if (!inspected) return fields;
  const counts = valueCounts(fields);
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => (counts.get(name) ?? 0) > (inspected.get(name) ?? 0)),
  );
}

function appendField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const text = typeof value === 'string' ? value : String(value);
  const existing = fields[name];
  if (existing === undefined) fields[name] = text;
  else fields[name] = Array.isArray(existing) ? [...existing, text] : [existing, text];
}

/** Every top-level property of the schema, looking through allOf. */
function topLevelProperties(schema: JsonObject): Map<string, JsonObject> {
  const properties = new Map<string, JsonObject>();
  const visit = (node: JsonObject) => {
    for (const [name, property] of Object.entries((node.properties as Record<string, JsonObject>) ?? {})) {
      properties.set(name, property);
    }
    for (const branch of (node.allOf as JsonObject[] | undefined) ?? []) visit(branch);
  };
  visit(schema);
  return properties;
}

/** The schema without the given top-level properties (nor their `required` entries), through allOf. */
function withoutProperties(schema: JsonObject, names: Set<string>): JsonObject {
  const strip = (node: JsonObject): JsonObject => {
    const copy: JsonObject = { ...node };
    if (node.properties) {
      copy.properties = Object.fromEntries(
        Object.entries(node.properties as JsonObject).filter(([name]) => !names.has(name)),
      );
    }
    if (Array.isArray(node.required)) copy.required = (node.required as string[]).filter((name) => !names.has(name));
    if (Array.isArray(node.allOf)) copy.allOf = (node.allOf as JsonObject[]).map(strip);
    return copy;
  };
  return strip(schema);
}

/** How many files each file field takes: 1 for a single file, `maxItems` (when set) for a list. */
function fileCounts(schema: JsonObject, fileFields: Set<string>): Map<string, number | undefined> {
  const properties = topLevelProperties(schema);
  return new Map(
    [...fileFields].map((name) => {
      const property = properties.get(name)!;
      const single = (property as JsonObject).format === 'binary';
      return [name, single ? 1 : (property.maxItems as number | undefined)];
    }),
  );
}

/** Top-level properties holding files (`format: binary`, or a list of them). */
function binaryProperties(schema: JsonObject): Set<string> {
  const isBinary = (value: unknown) => (value as JsonObject | undefined)?.format === 'binary';
  return new Set(
    [...topLevelProperties(schema)]
      .filter(([, property]) => isBinary(property) || isBinary(property.items))
      .map(([name]) => name),
  );
}

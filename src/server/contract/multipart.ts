import type { MultipartFile } from '@fastify/multipart';
import type { ValidateFunction } from 'ajv';
import type { FastifyRequest } from 'fastify';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { validationFailed, type FieldError } from '../errors';
import type { JsonObject } from './dereference';
import { inspectInput, lineBreakRules } from './input-guard';
import { toFieldErrors } from './validation-errors';

export const MULTIPART_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  /** The most any operation takes: a portfolio project's 8 images and 5 files. */
  files: 13,
  fields: 100,
  fieldSize: 100 * 1024,
  parts: 110,
  headerPairs: 200,
};

/** An uploaded file, read into memory within MULTIPART_LIMITS. */
export interface Upload {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/** A multipart body after validation: text fields as typed by the contract, files by field name. */
export type MultipartBody = Record<string, unknown> & { files: Record<string, Upload[]> };

/**
 * Reads a multipart body and validates it against the contract's schema. Text fields are coerced
 * like query parameters (they arrive as strings); each file counts as present under its field
 * (`format: binary`), so `required`, `maxItems` and unknown names are checked, never the bytes.
 */
export function multipartValidator(schema: JsonObject, ajv: Ajv2020) {
  const validate: ValidateFunction = ajv.compile(schema);
  const fileFields = binaryProperties(schema);
  const textFields = new Set([...topLevelProperties(schema).keys()].filter((name) => !fileFields.has(name)));
  const textRules = lineBreakRules(schema);

  return async (request: FastifyRequest): Promise<void> => {
    const fields: Record<string, unknown> = {};
    const files: Record<string, Upload[]> = {};
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'file') {
          (files[part.fieldname] ??= []).push(await readUpload(part));
        } else {
          appendField(fields, part.fieldname, part.value);
        }
      }
    } catch (error) {
      if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw validationFailed([{ field: 'body', message: 'must be a well-formed multipart form' }]);
    }
    // The text fields go through the same guard as a JSON body, before Ajv coerces them.
    const unsafeText = inspectInput(fields, '', textRules);
    if (unsafeText.length > 0) throw validationFailed(unsafeText);

    const misplaced: FieldError[] = [
      ...Object.keys(fields)
        .filter((name) => fileFields.has(name))
        .map((name) => ({ field: name, message: 'must be a file' })),
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
    if (errors.length > 0) throw validationFailed(errors);

    for (const name of Object.keys(files)) delete shape[name];
    request.body = { ...shape, files } satisfies MultipartBody;
  };
}

async function readUpload(part: MultipartFile): Promise<Upload> {
  return { filename: part.filename, mimetype: part.mimetype, content: await part.toBuffer() };
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

/** Top-level properties holding files (`format: binary`, or a list of them). */
function binaryProperties(schema: JsonObject): Set<string> {
  const isBinary = (value: unknown) => (value as JsonObject | undefined)?.format === 'binary';
  return new Set(
    [...topLevelProperties(schema)]
      .filter(([, property]) => isBinary(property) || isBinary(property.items))
      .map(([name]) => name),
  );
}

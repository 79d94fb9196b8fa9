import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { dereference, resolveRef, type JsonObject } from './dereference';
import { projectPath } from '../project-paths';

/** The bundled contract (`npm run codegen` or `redocly bundle` writes it); the server's only source of routes. */
export const CONTRACT_PATH = projectPath('openapi', 'generated', 'openapi.yaml');

/** Every route of the contract lives under this prefix (the document's `servers: [{url: /api}]`). */
export const API_PREFIX = '/api';

export const ACCESS_ROLES = ['anonymous', 'signed-in', 'client', 'freelancer', 'business', 'owner'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
export type HttpMethod = (typeof METHODS)[number];
const STATE_CHANGING: readonly HttpMethod[] = ['post', 'put', 'patch', 'delete'];

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonObject;
}

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** As written in the contract: `/service/request/{id}/`. */
  path: string;
  /** As Fastify routes it: `/api/service/request/:id/` (trailing slashes kept exactly). */
  url: string;
  tag: string;
  access: AccessRole[];
  /** Needs `X-CSRF-Token`: state-changing methods and `x-csrf: true`, unless signed otherwise (`security: []`). */
  requiresCsrf: boolean;
  specIds: string[];
  parameters: ContractParameter[];
  /** Media type -> dereferenced schema. */
  requestBody?: { required: boolean; content: Record<string, JsonObject> };
  /** The 2xx statuses in the order declared; the first is a handler's default. */
  successStatuses: number[];
  /** 2xx status -> the dereferenced JSON schema of that answer (none for a file download). */
  responses: Record<number, JsonObject>;
  cache: CachePolicy;
  /** The multipart body's limits (`x-upload`); every operation taking `multipart/form-data` declares them. */
  upload?: UploadLimits;
  /**
   * `x-stream: true`: the answer is a `text/event-stream` kept open, written by the handler itself
   * (no envelope, no serialisation); its schema is that of one event's `data`.
   */
  stream: boolean;
}

/**
 * What one multipart request may carry (`x-upload` on the operation), enforced while the body
 * streams in: the first file past a limit stops the reading. Counts per field come from the
 * schema's `maxItems`.
 */
export interface UploadLimits {
  /** Files in one request, all fields together. */
  maxFiles: number;
  /** Bytes of any one file. */
  maxFileBytes: number;
  /** Bytes of all the files of one request together. */
  maxTotalBytes: number;
  /** A smaller per-file limit for some fields (images), by field name. */
  fileBytes?: Record<string, number>;
}

/**
 * How long an answer may be kept (`x-cache` on the operation). Without it an answer is kept by
 * nobody (`no-store`): every answer that depends on who asks, or changes with a write, is private.
 */
export interface CachePolicy {
  /** Seconds a shared cache may keep the answer; 0: `no-store`. */
  public: number;
  /** Cache-Control for a signed-in caller instead, when their answer must not be shared. */
  signedIn?: string;
  /** The Vary header, when the answer differs by a request header (the session cookie). */
  vary?: string;
}

export const NO_STORE: CachePolicy = { public: 0 };

export interface Contract {
  document: JsonObject;
  operations: ContractOperation[];
}

/** Where `npm run build` writes the contract as JSON (see scripts/build-server.ts). */
export const contractCache = (): string => projectPath('dist', 'server', 'openapi.json');

export const contractSourceHash = (yamlText: string): string => createHash('sha256').update(yamlText).digest('hex');

/**
 * Reads the bundled contract. Parsing 800 KB of YAML is most of a second at start-up, so the
 * build's JSON copy is used when it was made from this very YAML (same hash), never otherwise.
 */
export function loadContract(
  file: string = CONTRACT_PATH,
  cacheFile: string | undefined = file === CONTRACT_PATH ? contractCache() : undefined,
): Contract {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`The contract ${file} is missing: run \`npm run codegen\` to bundle openapi/ into it.`);
  }
  const cached = cacheFile === undefined ? undefined : cachedDocument(cacheFile, text);
  return readContract(cached ?? (parse(text) as JsonObject));
}

function cachedDocument(cacheFile: string, yamlText: string): JsonObject | undefined {
  let cache: { source?: unknown; document?: unknown };
  try {
    cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
  } catch {
    return undefined;
  }
  return cache.source === contractSourceHash(yamlText) ? (cache.document as JsonObject) : undefined;
}

export function readContract(document: JsonObject): Contract {
  const operations: ContractOperation[] = [];
  const seen = new Set<string>();
  for (const [path, rawItem] of Object.entries(asObject(document.paths, 'paths'))) {
    const pathItem = resolveRef(document, rawItem) as JsonObject;
    for (const method of METHODS) {
      if (!pathItem[method]) continue;
      const operation = readOperation(document, path, method, pathItem);
      if (seen.has(operation.operationId))
        throw new Error(`Contract: operationId ${operation.operationId} is used twice`);
      seen.add(operation.operationId);
      operations.push(operation);
    }
  }
  return { document, operations };
}

function readOperation(
  document: JsonObject,
  path: string,
  method: HttpMethod,
  pathItem: JsonObject,
): ContractOperation {
  const raw = pathItem[method] as JsonObject;
  const where = `${method.toUpperCase()} ${path}`;
  const operationId = raw.operationId;
  if (typeof operationId !== 'string' || operationId === '') throw new Error(`Contract: ${where} has no operationId`);
  const access = (raw['x-access'] ?? []) as string[];
  const unknownRole = access.find((role) => !(ACCESS_ROLES as readonly string[]).includes(role));
  if (access.length === 0 || unknownRole !== undefined) {
    throw new Error(
      `Contract: ${operationId} needs x-access from ${ACCESS_ROLES.join(', ')} (got ${JSON.stringify(access)})`,
    );
  }
  // A state-changing call with `security: []` is authenticated otherwise (the payment webhook is signed).
  const unsecured = Array.isArray(raw.security) && raw.security.length === 0;
  const requestBody = readRequestBody(document, raw);
  return {
    operationId,
    method,
    path,
    url: API_PREFIX + toRouteUrl(path, operationId),
    tag: ((raw.tags as string[] | undefined) ?? ['untagged'])[0] ?? 'untagged',
    access: access as AccessRole[],
    requiresCsrf: raw['x-csrf'] === true || (STATE_CHANGING.includes(method) && !unsecured),
    specIds: (raw['x-spec'] as string[] | undefined) ?? [],
    parameters: readParameters(document, pathItem, raw),
    requestBody,
    ...readResponses(document, raw),
    cache: readCachePolicy(raw['x-cache'], operationId),
    upload: readUploadLimits(raw['x-upload'], operationId, requestBody),
    stream: raw['x-stream'] === true,
  };
}

function readResponses(document: JsonObject, operation: JsonObject) {
  const successStatuses: number[] = [];
  const responses: Record<number, JsonObject> = {};
  for (const [code, raw] of Object.entries((operation.responses ?? {}) as JsonObject)) {
    const status = Number(code);
    if (!(status >= 200 && status < 300)) continue;
    successStatuses.push(status);
    const content = ((dereference(document, raw) as JsonObject).content ?? {}) as JsonObject;
    const json = content['application/json'] as JsonObject | undefined;
    if (json?.schema) responses[status] = json.schema as JsonObject;
  }
  // The contract lint requires a success answer; a document without one answers 200.
  return { successStatuses: successStatuses.length > 0 ? successStatuses : [200], responses };
}

function readCachePolicy(raw: unknown, operationId: string): CachePolicy {
  if (raw === undefined) return NO_STORE;
  const policy = raw as Partial<CachePolicy>;
  const valid =
    typeof raw === 'object' &&
    raw !== null &&
    Number.isInteger(policy.public) &&
    (policy.public as number) >= 0 &&
    (policy.signedIn === undefined || typeof policy.signedIn === 'string') &&
    (policy.vary === undefined || typeof policy.vary === 'string') &&
    Object.keys(raw).every((key) => ['public', 'signedIn', 'vary'].includes(key));
  if (!valid) {
    throw new Error(`Contract: ${operationId} has an x-cache that is not {public: seconds, signedIn?, vary?}`);
  }
  return policy as CachePolicy;
}

const MULTIPART = 'multipart/form-data';
const isByteCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

function readUploadLimits(
  raw: unknown,
  operationId: string,
  requestBody: ContractOperation['requestBody'],
): UploadLimits | undefined {
  const multipart = requestBody?.content[MULTIPART] !== undefined;
  if (raw === undefined && !multipart) return undefined;
  if (!multipart) throw new Error(`Contract: ${operationId} has x-upload but takes no ${MULTIPART} body`);
  const limits = raw as Partial<UploadLimits> | undefined;
  const fileBytes = limits?.fileBytes ?? {};
  const valid =
    typeof raw === 'object' &&
    raw !== null &&
    isByteCount(limits?.maxFiles) &&
    isByteCount(limits?.maxFileBytes) &&
    isByteCount(limits?.maxTotalBytes) &&
    typeof fileBytes === 'object' &&
    Object.values(fileBytes).every(isByteCount) &&
    Object.keys(raw).every((key) => ['maxFiles', 'maxFileBytes', 'maxTotalBytes', 'fileBytes'].includes(key));
  if (!valid) {
    throw new Error(
      `Contract: ${operationId} takes ${MULTIPART} and needs x-upload {maxFiles, maxFileBytes, maxTotalBytes, fileBytes?}`,
    );
  }
  return limits as UploadLimits;
}

/** The Cache-Control value of an answer under its operation's policy. */
export function cacheControl(policy: CachePolicy, signedIn: boolean): string {
  if (signedIn && policy.signedIn) return policy.signedIn;
  return policy.public > 0 ? `public, max-age=${policy.public}` : 'no-store';
}

function toRouteUrl(path: string, operationId: string): string {
  return path.replace(/\{([^}]*)\}/g, (_, name: string) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new Error(`Contract: ${operationId} has path parameter {${name}}; use letters, digits and _ only`);
    }
    return `:${name}`;
  });
}

function readParameters(document: JsonObject, pathItem: JsonObject, operation: JsonObject): ContractParameter[] {
  const byKey = new Map<string, ContractParameter>();
  const list = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])];
  for (const raw of list) {
    const parameter = dereference(document, raw) as JsonObject;
    const place = parameter.in as ContractParameter['in'];
    byKey.set(`${place}:${String(parameter.name)}`, {
      name: String(parameter.name),
      in: place,
      required: place === 'path' || parameter.required === true,
      schema: (parameter.schema as JsonObject | undefined) ?? {},
    });
  }
  return [...byKey.values()];
}

function readRequestBody(document: JsonObject, operation: JsonObject): ContractOperation['requestBody'] {
  if (!operation.requestBody) return undefined;
  const body = dereference(document, operation.requestBody) as JsonObject;
  const content: Record<string, JsonObject> = {};
  for (const [mediaType, media] of Object.entries(asObject(body.content, 'requestBody.content'))) {
    content[mediaType] = ((media as JsonObject).schema as JsonObject | undefined) ?? {};
  }
  return { required: body.required === true, content };
}

function asObject(value: unknown, name: string): JsonObject {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`Contract: ${name} must be an object`);
  return value as JsonObject;
}

/** Every `x-*` key used anywhere in the document, so Ajv accepts them as annotations. */
export function extensionKeywords(document: JsonObject): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.startsWith('x-')) found.add(key);
        visit(child);
      }
    }
  };
  visit(document);
  return [...found];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route registered from the contract; hooks read access and CSRF rules from it. */
    operation?: ContractOperation;
  }
}

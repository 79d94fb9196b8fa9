import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { dereference, resolveRef, type JsonObject } from './dereference';

/** The bundled contract (`npm run codegen` or `redocly bundle` writes it); the server's only source of routes. */
export const CONTRACT_PATH = fileURLToPath(new URL('../../../openapi/generated/openapi.yaml', import.meta.url));

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
}

export interface Contract {
  document: JsonObject;
  operations: ContractOperation[];
}

export function loadContract(file: string = CONTRACT_PATH): Contract {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`The contract ${file} is missing: run \`npm run codegen\` to bundle openapi/ into it.`);
  }
  return readContract(parse(text) as JsonObject);
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
    requestBody: readRequestBody(document, raw),
  };
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

import type { FastifySchema } from 'fastify';
import type { JsonObject } from './dereference';
import type { ContractOperation, ContractParameter } from './document';

export const JSON_MEDIA_TYPE = 'application/json';
export const MULTIPART_MEDIA_TYPE = 'multipart/form-data';
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** The body media types Fastify validates from the route schema (parsed into plain objects first). */
const PARSED_MEDIA_TYPES = [JSON_MEDIA_TYPE, FORM_MEDIA_TYPE];

/**
 * Fastify's route schema for one operation, straight from the contract: path, query and header
 * parameters, the JSON or form-encoded body and the JSON success answers. Multipart bodies are
 * validated by the multipart hook instead, because their files are not JSON values.
 */
export function routeSchema(operation: ContractOperation): FastifySchema {
  const schema: FastifySchema = {};
  const params = parametersSchema(operation.parameters.filter((p) => p.in === 'path'));
  const querystring = parametersSchema(operation.parameters.filter((p) => p.in === 'query'));
  // Fastify sees header names in lower case.
  const headers = parametersSchema(
    operation.parameters.filter((p) => p.in === 'header').map((p) => ({ ...p, name: p.name.toLowerCase() })),
  );
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  if (headers) schema.headers = headers;
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content[JSON_MEDIA_TYPE];
  const parsed = PARSED_MEDIA_TYPES.filter((mediaType) => content[mediaType]);
  if (jsonSchema && Object.keys(content).length === 1) schema.body = jsonSchema;
  else if (parsed.length > 0) {
    // One schema per media type: Fastify picks it by the request's; a multipart body has none here.
    schema.body = {
      content: Object.fromEntries(parsed.map((mediaType) => [mediaType, { schema: content[mediaType] }])),
    };
  }
  // Answers are serialised from their schema: faster than JSON.stringify, and a field the
  // contract does not declare never leaves the server.
  if (Object.keys(operation.responses).length > 0) schema.response = operation.responses;
  return schema;
}

function parametersSchema(parameters: ContractParameter[]): JsonObject | undefined {
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

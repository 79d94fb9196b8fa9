import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createContractAjv } from '../../src/server/contract/ajv';
import { dereference, resolveRef, type JsonObject } from '../../src/server/contract/dereference';
import { extensionKeywords, loadContract } from '../../src/server/contract/document';

const contract = loadContract();
const ajv = createContractAjv(false, extensionKeywords(contract.document));
const validators = new Map<string, ReturnType<typeof ajv.compile> | undefined>();

const EVENT_STREAM = 'text/event-stream';

/** The content an operation declares for a status, by media type. */
function declaredContent(operationId: string, status: number): Record<string, JsonObject> | undefined {
  const operation = contract.operations.find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  const paths = contract.document.paths as Record<string, JsonObject>;
  const raw = (resolveRef(contract.document, paths[operation.path]) as JsonObject)[operation.method] as JsonObject;
  const responses = raw.responses as Record<string, unknown>;
  const declared = resolveRef(contract.document, responses[String(status)]) as JsonObject | undefined;
  return declared ? ((declared.content as Record<string, JsonObject> | undefined) ?? {}) : undefined;
}

/** The compiled schema of an operation's answer with this status and media type; undefined when the contract declares none. */
function answerValidator(operationId: string, status: number, mediaType = 'application/json') {
  const key = `${operationId} ${status} ${mediaType}`;
  if (validators.has(key)) return validators.get(key);
  const schema = declaredContent(operationId, status)?.[mediaType]?.schema;
  const validate = schema ? ajv.compile(dereference(contract.document, schema) as JsonObject) : undefined;
  validators.set(key, validate);
  return validate;
}

/**
 * What is wrong with an event-stream answer (an `x-stream` operation's), from its status and
 * headers only (the stream stays open): `undeclared` when the operation declares no
 * `text/event-stream` answer with that status.
 */
export function streamAnswerProblem(
  operationId: string,
  status: number,
  headers: Record<string, unknown>,
): string | undefined {
  if (!declaredContent(operationId, status)?.[EVENT_STREAM]) return 'undeclared';
  const problems = [
    String(headers['content-type']) === EVENT_STREAM ? '' : `content-type ${String(headers['content-type'])}`,
    headers['cache-control'] === 'no-store' ? '' : `cache-control ${String(headers['cache-control'])}`,
    headers['x-accel-buffering'] === 'no' ? '' : 'no x-accel-buffering: no',
  ].filter(Boolean);
  return problems.length > 0 ? problems.join(', ') : undefined;
}

/** What is wrong with one event's `data` under the operation's `text/event-stream` schema. */
export function streamEventProblem(operationId: string, data: unknown, status = 200): string | undefined {
  const validate = answerValidator(operationId, status, EVENT_STREAM);
  if (!validate) return 'undeclared';
  return validate(data) ? undefined : ajv.errorsText(validate.errors);
}

/**
 * What is wrong with an answer's JSON body under the contract, for its operation and status:
 * undefined when it validates, `undeclared` when the operation declares no JSON answer with that
 * status, otherwise Ajv's account of the mismatch.
 */
export function contractProblem(operationId: string, status: number, body: unknown): string | undefined {
  const validate = answerValidator(operationId, status);
  if (!validate) return 'undeclared';
  return validate(body) ? undefined : ajv.errorsText(validate.errors);
}

/**
 * Checks an answer against the contract's response for its operation and status (what the Prism
 * proxy test does over HTTP, here for every `app.inject()` answer a test cares about).
 */
export function expectContractResponse(operationId: string, response: LightMyRequestResponse, status?: number) {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  if (String(response.headers['content-type'] ?? '').startsWith(EVENT_STREAM)) {
    // An event stream kept open (read with `injectSettled`): its status and headers are the answer.
    const problem = streamAnswerProblem(operationId, response.statusCode, response.headers);
    if (problem) throw new Error(`${operationId} ${response.statusCode} event stream breaks the contract: ${problem}`);
    return undefined;
  }
  const body = response.json();
  const problem = contractProblem(operationId, response.statusCode, body);
  if (problem === 'undeclared')
    throw new Error(`${operationId} does not declare ${response.statusCode}: ${response.body}`);
  if (problem)
    throw new Error(`${operationId} ${response.statusCode} breaks the contract: ${problem}\n${JSON.stringify(body)}`);
  return body;
}

/** Exactly the properties of the contract's AuthUser, nothing more. */
export const AUTH_USER_KEYS = [
  'accountType',
  'business',
  'companyname',
  'createdAt',
  'displayName',
  'email',
  'firstname',
  'hasPassword',
  'id',
  'lastname',
  'leadsLocation',
  'otherServices',
  'primaryService',
  'profile',
  'rememberMe',
  'social',
  'verified',
  'versigems',
];

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createContractAjv } from '../../src/server/contract/ajv';
import { dereference, resolveRef, type JsonObject } from '../../src/server/contract/dereference';
import { extensionKeywords, loadContract } from '../../src/server/contract/document';

const contract = loadContract();
const ajv = createContractAjv(false, extensionKeywords(contract.document));
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/**
 * Checks an answer against the contract's response for its operation and status (what the Prism
 * proxy test does over HTTP, here for every `app.inject()` answer a test cares about).
 */
export function expectContractResponse(operationId: string, response: LightMyRequestResponse, status?: number) {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  const key = `${operationId} ${response.statusCode}`;
  let validate = validators.get(key);
  if (!validate) {
    const operation = contract.operations.find((op) => op.operationId === operationId);
    if (!operation) throw new Error(`no operation ${operationId}`);
    const paths = contract.document.paths as Record<string, JsonObject>;
    const raw = (resolveRef(contract.document, paths[operation.path]) as JsonObject)[operation.method] as JsonObject;
    const responses = raw.responses as Record<string, unknown>;
    const declared = resolveRef(contract.document, responses[String(response.statusCode)]) as JsonObject | undefined;
    if (!declared) throw new Error(`${operationId} does not declare ${response.statusCode}: ${response.body}`);
    const schema = ((declared.content as Record<string, JsonObject>)['application/json'] as JsonObject).schema;
    validate = ajv.compile(dereference(contract.document, schema) as JsonObject);
    validators.set(key, validate);
  }
  const body = response.json();
  if (!validate(body)) {
    throw new Error(`${key} breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
  }
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

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dereference, resolveRef } from '../../../src/server/contract/dereference';
import { readContract } from '../../../src/server/contract/document';

const document = {
  openapi: '3.1.0',
  paths: {
    '/service/request/{id}/': {
      parameters: [{ $ref: '#/components/parameters/IdPath' }],
      get: { operationId: 'getServiceRequest', tags: ['requests'], 'x-access': ['client', 'owner'], 'x-spec': ['R02'] },
      put: {
        operationId: 'updateServiceRequest',
        tags: ['requests'],
        'x-access': ['client', 'owner'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Budget' } } },
        },
      },
    },
    '/payments/webhook/': {
      post: { operationId: 'handlePaymentWebhook', tags: ['payments'], 'x-access': ['anonymous'], security: [] },
    },
    '/auth/logout/': { get: { operationId: 'logout', tags: ['auth'], 'x-access': ['signed-in'], 'x-csrf': true } },
  },
  components: {
    parameters: { IdPath: { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Uuid' } } },
    schemas: {
      Uuid: { type: 'string', format: 'uuid' },
      Money: { type: 'number', minimum: 0 },
      Budget: {
        type: 'object',
        properties: {
          min: { $ref: '#/components/schemas/Money' },
          max: { $ref: '#/components/schemas/Money', description: 'upper' },
        },
      },
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
    },
  },
};

describe('the contract reader', () => {
  it('inlines $refs, keeping siblings through allOf', () => {
    expect(dereference(document, { $ref: '#/components/schemas/Budget' })).toEqual({
      type: 'object',
      properties: {
        min: { type: 'number', minimum: 0 },
        max: { description: 'upper', allOf: [{ type: 'number', minimum: 0 }] },
      },
    });
    expect(resolveRef(document, { $ref: '#/components/schemas/Uuid' })).toEqual({ type: 'string', format: 'uuid' });
  });

  it('refuses recursive request schemas and dangling refs with a clear message', () => {
    expect(() => dereference(document, { $ref: '#/components/schemas/Node' })).toThrow(/recursive/);
    expect(() => dereference(document, { $ref: '#/components/schemas/Nope' })).toThrow(/points at nothing/);
  });

  it('reads operations: url, access, CSRF rule, path-level parameters and bodies', () => {
    const { operations } = readContract(document);
    const byId = Object.fromEntries(operations.map((op) => [op.operationId, op]));
    expect(byId.getServiceRequest).toMatchObject({
      method: 'get',
      url: '/api/service/request/:id/',
      access: ['client', 'owner'],
      requiresCsrf: false,
      specIds: ['R02'],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    });
    expect(byId.updateServiceRequest!.requiresCsrf).toBe(true);
    expect(byId.updateServiceRequest!.requestBody?.required).toBe(true);
    expect(byId.handlePaymentWebhook!.requiresCsrf).toBe(false);
    expect(byId.logout!.requiresCsrf).toBe(true);
  });

  it('stops on operations without operationId or with unknown x-access roles', () => {
    expect(() => readContract({ paths: { '/x/': { get: { 'x-access': ['anonymous'] } } } })).toThrow(/operationId/);
    expect(() => readContract({ paths: { '/x/': { get: { operationId: 'getX', 'x-access': ['admin'] } } } })).toThrow(
      /x-access/,
    );
  });
});

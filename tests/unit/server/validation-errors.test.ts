// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createContractAjv } from '../../../src/server/contract/ajv';
import { toFieldErrors } from '../../../src/server/contract/validation-errors';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'budget'],
  example: { email: 'a@b.co' },
  'x-note': 'OpenAPI annotations must not trip Ajv',
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    budget: {
      type: 'object',
      required: ['min'],
      properties: { min: { type: 'number', minimum: 0 }, max: { type: 'number' } },
    },
    tools: { type: 'array', maxItems: 3, items: { type: 'integer' } },
    'odd/key': { type: 'string' },
  },
};

describe('toFieldErrors', () => {
  const ajv = createContractAjv(false, ['x-note']);
  const validate = ajv.compile(schema);
  const errorsFor = (data: unknown) => {
    validate(data);
    return toFieldErrors(validate.errors ?? [], 'body');
  };

  it('names fields by dotted path, including the missing and the unexpected', () => {
    expect(errorsFor({ email: 'nope', budget: { min: -5 }, tools: [1, 2, 'x'], 'odd/key': 3, admin: true })).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'must be a valid email address' },
        { field: 'budget.min', message: 'must be at least 0' },
        { field: 'tools.2', message: 'must be a whole number' },
        { field: 'odd/key', message: 'must be a string' },
        { field: 'admin', message: 'is not allowed' },
      ]),
    );
    expect(errorsFor({ budget: {} })).toEqual([
      { field: 'email', message: 'is required' },
      { field: 'budget.min', message: 'is required' },
    ]);
  });

  it('calls the whole body "body" and prefixes parameters', () => {
    expect(errorsFor([])).toEqual([{ field: 'body', message: 'must be an object' }]);
    expect(
      toFieldErrors([{ keyword: 'type', instancePath: '/page', params: { type: 'integer' } }], 'querystring'),
    ).toEqual([{ field: 'query.page', message: 'must be a whole number' }]);
    expect(toFieldErrors([{ keyword: 'format', instancePath: '/id', params: { format: 'uuid' } }], 'params')).toEqual([
      { field: 'path.id', message: 'must be a valid id' },
    ]);
  });

  it('names the field a conditional requires, not the body', () => {
    const conditional = ajv.compile({
      type: 'object',
      properties: { heardAboutUs: { type: 'string' }, heardAboutUsOther: { type: ['string', 'null'] } },
      if: { properties: { heardAboutUs: { const: 'other' } }, required: ['heardAboutUs'] },
      then: { required: ['heardAboutUsOther'] },
    });
    conditional({ heardAboutUs: 'other' });
    expect(toFieldErrors(conditional.errors ?? [], 'body')).toEqual([
      { field: 'heardAboutUsOther', message: 'is required' },
    ]);
  });

  it('keeps one message per field and at most 50 fields', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      keyword: 'type',
      instancePath: `/items/${i}`,
      params: { type: 'string' },
    }));
    expect(toFieldErrors([...many, ...many], 'body')).toHaveLength(50);
  });
});

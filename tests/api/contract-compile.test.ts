import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastJsonStringify from 'fast-json-stringify';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { createContractAjv, lazyValidator, serializableSchema } from '../../src/server/contract/ajv';
import type { JsonObject } from '../../src/server/contract/dereference';
import { CONTRACT_PATH, contractSourceHash, extensionKeywords, loadContract } from '../../src/server/contract/document';
import { MULTIPART_MEDIA_TYPE, routeSchema } from '../../src/server/contract/route-schema';
import { serverForms } from '../../src/server/forms/load';

const contract = loadContract();
const keywords = extensionKeywords(contract.document);

/**
 * The server compiles request validators, answer serializers and form validators on first use
 * (start-up does not pay for them), so a schema that does not compile would only show when its
 * call is made. Every one is compiled here instead.
 */
describe('every schema the server validates or serialises with compiles', () => {
  const bodyAjv = createContractAjv(false, keywords);
  const stringsAjv = createContractAjv(true, keywords);

  it.each(contract.operations.map((operation) => [operation.operationId, operation] as const))(
    '%s',
    (_id, operation) => {
      const schema = routeSchema(operation) as Record<string, JsonObject | undefined>;
      for (const part of ['params', 'querystring', 'headers'] as const) {
        if (schema[part]) expect(() => stringsAjv.compile(schema[part]!), part).not.toThrow();
      }
      const body = schema.body;
      // One schema per media type when there are several; form-encoded values arrive as strings.
      const bodies: [string, JsonObject][] = body?.content
        ? Object.entries(body.content as Record<string, { schema: JsonObject }>).map(([type, entry]) => [
            type,
            entry.schema,
          ])
        : body
          ? [['application/json', body]]
          : [];
      for (const [type, one] of bodies) {
        const ajv = type === 'application/x-www-form-urlencoded' ? stringsAjv : bodyAjv;
        expect(() => ajv.compile(one), `body ${type}`).not.toThrow();
      }
      const multipart = operation.requestBody?.content[MULTIPART_MEDIA_TYPE];
      if (multipart) expect(() => stringsAjv.compile(multipart), 'multipart body').not.toThrow();
      for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, JsonObject>)) {
        expect(() => fastJsonStringify(serializableSchema(answer) as JsonObject), `answer ${status}`).not.toThrow();
      }
    },
  );

  it('every form of forms/', () => {
    const forms = serverForms();
    const all = [...forms.requests.values(), ...forms.products.values(), ...forms.bodies.byId.values()];
    expect(all.length).toBeGreaterThan(10);
    for (const form of all) expect(() => form.validate.compile(), form.entry.id).not.toThrow();
  });

  it('a lazy validator answers as the compiled one and keeps its errors', () => {
    const validate = lazyValidator(bodyAjv, {
      type: 'object',
      properties: { n: { type: 'integer' } },
      required: ['n'],
    });
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({})).toBe(false);
    expect(validate.errors?.[0]?.params).toEqual({ missingProperty: 'n' });
  });
});

describe("the build's JSON copy of the contract", () => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const yamlText = readFileSync(CONTRACT_PATH, 'utf8');
  const document = parse(yamlText) as JsonObject;
  const yamlFile = join(dir, 'openapi.yaml');
  writeFileSync(yamlFile, yamlText);
  // A copy that differs visibly: one operation fewer.
  const paths = { ...(document.paths as JsonObject) };
  delete paths[Object.keys(paths)[0]!];
  const smaller = { ...document, paths };

  it('is read when it was made from this YAML', () => {
    const cacheFile = join(dir, 'same.json');
    writeFileSync(cacheFile, JSON.stringify({ source: contractSourceHash(yamlText), document: smaller }));
    expect(loadContract(yamlFile, cacheFile).operations.length).toBeLessThan(contract.operations.length);
  });

  it('is ignored when the YAML changed since, or when it is unreadable', () => {
    const stale = join(dir, 'stale.json');
    writeFileSync(stale, JSON.stringify({ source: contractSourceHash(`${yamlText}\n# edited`), document: smaller }));
    expect(loadContract(yamlFile, stale).operations.length).toBe(contract.operations.length);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"source":');
    expect(loadContract(yamlFile, broken).operations.length).toBe(contract.operations.length);
    expect(loadContract(yamlFile, join(dir, 'missing.json')).operations.length).toBe(contract.operations.length);
  });
});

import { describe, expect, it } from 'vitest';
import { bundleDefs } from './bundleDefs';
import type { JsonObject } from './types';

const common: JsonObject = {
  $id: 'https://example.test/_defs/common.json',
  $defs: {
    slug: { type: 'string', pattern: '^[a-z]+$' },
    slugs: { type: 'array', items: { $ref: '#/$defs/slug' } },
  },
};

describe('bundleDefs', () => {
  it('copies the shared definitions into the form and makes every reference local', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: {
        kind: { $ref: '../../_defs/common.json#/$defs/slug', title: 'Kind', 'x-options': 'business-type' },
        kinds: { $ref: '../../_defs/common.json#/$defs/slugs' },
        nested: { type: 'object', properties: { inner: { $ref: '../../_defs/common.json#/$defs/slug' } } },
      },
    };
    const bundled = bundleDefs(schema, { 'common.json': common });
    expect(bundled.properties).toEqual({
      kind: { $ref: '#/$defs/slug', title: 'Kind', 'x-options': 'business-type' },
      kinds: { $ref: '#/$defs/slugs' },
      nested: { type: 'object', properties: { inner: { $ref: '#/$defs/slug' } } },
    });
    expect(bundled.$defs).toEqual(common.$defs);
    expect(JSON.stringify(bundled)).not.toContain('common.json');
  });

  it('keeps the form’s own definitions and refuses a name defined twice', () => {
    const own: JsonObject = { $defs: { local: { type: 'integer' } }, properties: { n: { $ref: '#/$defs/local' } } };
    expect(Object.keys(bundleDefs(own, { 'common.json': common }).$defs as object)).toEqual(['local', 'slug', 'slugs']);
    const clash: JsonObject = { $defs: { slug: { type: 'integer' } } };
    expect(() => bundleDefs(clash, { 'common.json': common })).toThrow(/slug/);
  });
});

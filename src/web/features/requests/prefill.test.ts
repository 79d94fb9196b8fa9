import { describe, expect, it } from 'vitest';
import type { JsonObject } from '@/forms/types';
import { formValidator } from '@/forms/validator';
import { withSelectedTool } from './prefill';

const schema: JsonObject = {
  $defs: { tools: { type: 'array', 'x-options': 'tool', items: { type: 'integer' } } },
  properties: { title: { type: 'string' }, stack: { $ref: '#/$defs/tools', title: 'Stack' } },
};

describe('withSelectedTool', () => {
  it('adds the tool picked in a search to the field that lists tools, once', () => {
    expect(withSelectedTool(schema, formValidator, { title: 'A' }, 42)).toEqual({ title: 'A', stack: [42] });
    expect(withSelectedTool(schema, formValidator, { stack: [7, 42] }, 42)).toEqual({ stack: [7, 42] });
  });

  it('leaves the answers alone without a tool or a tool field', () => {
    expect(withSelectedTool(schema, formValidator, { title: 'A' }, null)).toEqual({ title: 'A' });
    expect(withSelectedTool({ properties: { title: { type: 'string' } } }, formValidator, {}, 42)).toEqual({});
  });
});

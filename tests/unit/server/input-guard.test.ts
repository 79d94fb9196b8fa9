// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inspectInput, lineBreakRules } from '../../../src/server/contract/input-guard';

const CONTROL = 'must not contain control characters';
const CONTROL_IN_TEXT = 'must not contain control characters other than line breaks and tabs';
const UNICODE = 'must be well-formed text (it holds half of a character pair)';

/** `depth` lists inside each other, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

describe('inspectInput', () => {
  it('passes ordinary text, numbers, null and well-formed astral characters', () => {
    expect(inspectInput({ name: 'Zoë 😀 中文', tags: ['a', 1, null, true], nested: { x: '‮bidi' } }, '')).toEqual([]);
  });

  it('names each fault as the contract names the field, keys included', () => {
    expect(
      inspectInput({ answers: { budget: { note: 'a\u0000b' }, tools: ['ok', 'x\ud800'] }, ['bad\u0007key']: 1 }, ''),
    ).toEqual([
      { field: 'body', message: CONTROL },
      { field: 'answers.budget.note', message: CONTROL },
      { field: 'answers.tools.1', message: UNICODE },
    ]);
    expect(inspectInput({ q: 'ab\u0000' }, 'query')).toEqual([{ field: 'query.q', message: CONTROL }]);
    expect(inspectInput('a\u009fb', 'path')).toEqual([{ field: 'path', message: CONTROL }]);
  });

  it('reads objects without Object.prototype, as Fastify hands query and path parameters', () => {
    const query = Object.create(Object.create(null) as object) as Record<string, unknown>;
    query.q = 'ab\u0000';
    expect(inspectInput(query, 'query')).toEqual([{ field: 'query.q', message: CONTROL }]);
  });

  it('leaves file bytes alone', () => {
    expect(inspectInput({ image: Buffer.from([0, 1, 2]) }, '')).toEqual([]);
  });

  it('allows tab, LF and CR only where the schema says x-multiline, and still refuses other controls', () => {
    const rules = lineBreakRules({
      type: 'object',
      properties: {
        title: { type: 'string' },
        about: { allOf: [{ type: 'string' }], 'x-multiline': true },
        answers: { type: 'object', 'x-multiline': true, additionalProperties: true },
        entries: { type: 'array', items: { type: 'object', properties: { description: { 'x-multiline': true } } } },
      },
    });
    const text = 'one\r\ntwo\tthree';
    expect(
      inspectInput(
        { about: text, answers: { goal: { detail: text } }, entries: [{ description: text, school: 'x' }] },
        '',
        rules,
      ),
    ).toEqual([]);
    expect(inspectInput({ title: text, entries: [{ school: text }] }, '', rules)).toEqual([
      { field: 'title', message: CONTROL },
      { field: 'entries.0.school', message: CONTROL },
    ]);
    expect(inspectInput({ about: 'one\u001b[2J', answers: { x: '\u0000' } }, '', rules)).toEqual([
      { field: 'about', message: CONTROL_IN_TEXT },
      { field: 'answers.x', message: CONTROL_IN_TEXT },
    ]);
  });

  it('stops at the depth limit without recursing, naming the top-level field', () => {
    expect(inspectInput(nested(INPUT_LIMITS.depth), '')).toEqual([]);
    expect(inspectInput(nested(INPUT_LIMITS.depth + 1), '')).toEqual([
      { field: 'body', message: `must not be nested more than ${INPUT_LIMITS.depth} levels deep` },
    ]);
    expect(inspectInput({ answers: nested(1_000_000) }, '')).toEqual([
      { field: 'answers', message: `must not be nested more than ${INPUT_LIMITS.depth} levels deep` },
    ]);
  });

  it('stops at the node limit and at the error limit', () => {
    expect(inspectInput({ list: new Array(INPUT_LIMITS.nodes).fill(0) }, '')).toEqual([
      { field: 'body', message: `must not hold more than ${INPUT_LIMITS.nodes} values` },
    ]);
    expect(inspectInput(new Array(100).fill('\u0000'), '')).toHaveLength(INPUT_LIMITS.errors);
  });
});

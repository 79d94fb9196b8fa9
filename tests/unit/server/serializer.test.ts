import { describe, expect, it } from 'vitest';
import { lazySerializer, serializableSchema } from '../../../src/server/contract/ajv';

/** A card as the contract writes one: nullable objects, strings and numbers, `oneOf` with null. */
const CARD = {
  type: 'object',
  required: ['id', 'location', 'rate', 'headline'],
  properties: {
    id: { type: 'string' },
    location: {
      description: 'Where they are; null when unknown.',
      oneOf: [
        {
          type: 'object',
          required: ['country'],
          properties: { country: { type: 'string' }, city: { type: ['string', 'null'] } },
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    rate: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    headline: { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
  },
  additionalProperties: false,
};

const PAGE = { type: 'object', properties: { items: { type: 'array', items: CARD } } };

describe('answers serialised from the contract', () => {
  it('writes a schema-or-null as a list of types, keeping its annotations', () => {
    const card = serializableSchema(CARD) as { properties: Record<string, Record<string, unknown>> };
    expect(card.properties.location).toMatchObject({
      type: ['object', 'null'],
      description: 'Where they are; null when unknown.',
      required: ['country'],
    });
    expect(card.properties.location).not.toHaveProperty('oneOf');
    expect(card.properties.rate).toEqual({ type: ['integer', 'null'] });
    expect(card.properties.headline).toEqual({ type: ['string', 'null'], format: 'date-time' });
    // Two branches neither of which is null still choose by value.
    expect(card.properties.either).toEqual(CARD.properties.either);
    // The contract's own schema is left as it was.
    expect(CARD.properties.location).toHaveProperty('oneOf');
  });

  it('keeps a choice it cannot write by type alone', () => {
    const nested = { oneOf: [{ allOf: [{ type: 'object' }] }, { type: 'null' }] };
    expect(serializableSchema(nested)).toEqual(nested);
    const nullWithRule = { anyOf: [{ type: 'string' }, { type: 'null', enum: [null] }] };
    expect(serializableSchema(nullWithRule)).toEqual(nullWithRule);
  });

  it('writes what JSON.stringify would, without the fields the contract does not name', () => {
    const serialize = lazySerializer(PAGE);
    const cards = [
      { id: 'a', location: null, rate: null, headline: null },
      { id: 'b', location: { country: 'DE', city: 'Berlin', secret: 1 }, rate: 45, headline: null, token: 'x' },
      { id: 'c', location: { country: 'FR', city: null }, rate: 0, headline: '2026-11-29T08:00:00.000Z', either: 3 },
    ];
    const written = JSON.parse(serialize({ items: cards })) as { items: unknown[] };
    expect(written.items).toEqual([
      cards[0],
      { id: 'b', location: { country: 'DE', city: 'Berlin' }, rate: 45, headline: null },
      cards[2],
    ]);
  });
});

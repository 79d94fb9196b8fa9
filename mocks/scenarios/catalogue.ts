import type { RequestHandler } from 'msw';
import { answer, generatedOperations } from '../handlers';

const slugify = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'option';

function withSlugs(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('data' in body) || !Array.isArray(body.data)) return body;
  return {
    ...body,
    data: body.data.map((option: unknown) =>
      option && typeof option === 'object' && 'label' in option && typeof option.label === 'string'
        ? { ...option, slug: slugify(option.label) }
        : option,
    ),
  };
}

/**
 * The catalogue's option lists with slugs the request forms accept (kebab-case, as the
 * database holds them); faker's random slugs fail the forms' `pattern`, so no step could be passed.
 */
export function catalogueOptionHandlers(): RequestHandler[] {
  return [currencies, ...slugged()];
}

/** The generated currency mock throws (its faker code length bounds are inverted), so a fixed list. */
const currencies = answer('ListCurrencies', {
  status: 'success',
  message: 'OK',
  data: [
    { code: 'USD', name: 'US Dollar', symbol: '$', minorUnits: 2 },
    { code: 'EUR', name: 'Euro', symbol: '€', minorUnits: 2 },
    { code: 'GBP', name: 'Pound Sterling', symbol: '£', minorUnits: 2 },
  ],
});

function slugged(): RequestHandler[] {
  return generatedOperations
    .filter((op) => op.name.startsWith('List'))
    .map((op) => op.handler(() => withSlugs(op.response())));
}

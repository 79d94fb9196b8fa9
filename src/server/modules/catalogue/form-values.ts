import type { CatalogueField } from '../../../shared/forms/bundle';
import type { Database } from '../../db/database';
import type { FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { isRecord } from '../../lib/records';
import { catalogueService, type Rows, type ServiceFamily } from './service';

type Schemas = components['schemas'];
type FamilySlug = Schemas['CatalogueServiceFamilySlug'];

/** One value of a catalogue list, keyed by what a form answer holds (a slug, a code or a tool id). */
export interface CatalogueValue {
  id: number;
  slug: string;
  label: string;
}

/**
 * Rows taken out of the catalogue data files stay in the database, inactive: new answers are
 * checked against the offered values only (`list`, `families`), while stored answers are named
 * with every value the catalogue has had (`labels`, `family`, `subFamily`).
 */
export interface RequestCatalogue {
  /** The offered values of a list named by a form's `x-options`, keyed by the answer they accept. */
  list(name: string): Promise<Map<string | number, CatalogueValue>>;
  /** The same list with the values taken out of the catalogue since, to label stored answers. */
  labels(name: string): Promise<Map<string | number, CatalogueValue>>;
  /** Every offered family in display order with its offered sub-families. */
  families(): Promise<ServiceFamily[]>;
  family(slug: string): Promise<Schemas['CatalogueServiceFamilyRef']>;
  subFamily(family: string, slug: string): Promise<Schemas['CatalogueSubFamilyRef']>;
}

/** `fp-and-a-revolution` as words, for a name when the catalogue has none. */
const humanised = (slug: string) => {
  const words = slug.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The catalogue as forms use it: each list named by a form's `x-options`, keyed by the answer it
 * accepts, for the request and product services. The catalogue changes only at start-up (the
 * data files' sync), so each service reads each list once and keeps it.
 */
export function requestCatalogue(db: Database): RequestCatalogue {
  const catalogue = catalogueService(db);
  const lists = new Map<string, Promise<Map<string | number, CatalogueValue>>>();

  const keyed = <T>(rows: T[], key: (row: T) => string | number, value: (row: T, index: number) => CatalogueValue) =>
    new Map(rows.map((row, index) => [key(row), value(row, index)] as const));

  const readList = async (name: string, rows: Rows): Promise<Map<string | number, CatalogueValue>> => {
    switch (name) {
      case 'tool':
        return keyed(
          await catalogue.tools(rows),
          (tool) => tool.id,
          (tool) => ({ id: tool.id, slug: tool.slug, label: tool.name }),
        );
      case 'currency':
        return keyed(
          await catalogue.currencies(),
          (currency) => currency.code,
          (currency, index) => ({ id: index + 1, slug: currency.code, label: currency.name }),
        );
      case 'country':
        return keyed(
          await catalogue.countries(),
          (country) => country.code,
          (country, index) => ({ id: index + 1, slug: country.code, label: country.name }),
        );
      case 'language':
        return keyed(
          await catalogue.languages(),
          (language) => language.code,
          (language, index) => ({ id: index + 1, slug: language.code, label: language.name }),
        );
      case 'estimated-budget':
        return keyed(
          await catalogue.estimatedBudgets(rows),
          (budget) => budget.slug,
          (budget) => ({ id: budget.id, slug: budget.slug, label: budget.label }),
        );
      default:
        return keyed(
          await catalogue.options(name, rows),
          (option) => option.slug,
          (option) => ({ ...option }),
        );
    }
  };

  /** Read once, kept; a failed read is tried again next time. */
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
    let value = cache.get(key);
    if (!value) {
      value = read();
      cache.set(key, value);
      value.catch(() => cache.delete(key));
    }
    return value;
  };
  const familyLists = new Map<string, Promise<ServiceFamily[]>>();
  const offeredFamilies = () => once(familyLists, 'offered', () => catalogue.families());
  const everyFamily = () => once(familyLists, 'all', () => catalogue.families({ withInactive: true }));

  return {
    list: (name) => once(lists, `offered:${name}`, () => readList(name, {})),
    labels: (name) => once(lists, `all:${name}`, () => readList(name, { withInactive: true })),
    families: offeredFamilies,
    family: async (slug) => {
      const found = (await everyFamily()).find((family) => family.slug === slug);
      return { slug: slug as FamilySlug, name: found?.name ?? humanised(slug) };
    },
    subFamily: async (family, slug) => {
      const found = (await everyFamily()).find((f) => f.slug === family)?.subFamilies.find((s) => s.slug === slug);
      return { slug, name: found?.name ?? humanised(slug) };
    },
  };
}

/** The value at a path of property names, or undefined where the path leaves the objects. */
export const valueAt = (data: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), data);

/**
 * Every answer of a form's `x-options` fields that its catalogue list does not hold, one error
 * per value; `name` turns a path in the form data into the field name the caller reports.
 */
export async function catalogueErrors(
  catalogue: RequestCatalogue,
  fields: readonly CatalogueField[],
  data: unknown,
  name: (path: string[]) => string,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const field of fields) {
    const value = valueAt(data, field.path);
    if (value === undefined || value === null) continue;
    const known = await catalogue.list(field.list);
    const values = field.multiple && Array.isArray(value) ? value : [value];
    values.forEach((item, index) => {
      if (known.has(item as string | number)) return;
      const path = field.multiple ? [...field.path, String(index)] : field.path;
      errors.push({ field: name(path), message: `is not an option of ${field.list}` });
    });
  }
  return errors;
}

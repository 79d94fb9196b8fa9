import type { CatalogueField } from '../../../shared/forms/bundle';
import type { Database } from '../../db/database';
import type { FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { isRecord } from '../../lib/records';
import { catalogueService, type ServiceFamily } from './service';

type Schemas = components['schemas'];
type FamilySlug = Schemas['CatalogueServiceFamilySlug'];

/** One value of a catalogue list, keyed by what a form answer holds (a slug, a code or a tool id). */
export interface CatalogueValue {
  id: number;
  slug: string;
  label: string;
}

export interface RequestCatalogue {
  /** The values of a list named by a form's `x-options`, keyed by the answer they accept. */
  list(name: string): Promise<Map<string | number, CatalogueValue>>;
  /** Every family in display order with its sub-families. */
  families(): Promise<ServiceFamily[]>;
  family(slug: string): Promise<Schemas['CatalogueServiceFamilyRef']>;
  subFamily(family: string, slug: string): Promise<Schemas['CatalogueSubFamilyRef']>;
}

/** `fp-and-a-revolution` as words, for a name when the catalogue has none. */
const humanised = (slug: string) => {
  const words = slug.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const caches = new WeakMap<Database, RequestCatalogue>();

/**
 * The catalogue as forms use it: each list named by a form's `x-options`, keyed by the answer it
 * accepts, for the request, product and site-search services. Reference data changes only with a
 * deployment (a migration), so each list is read once per database and kept.
 */
export function requestCatalogue(db: Database): RequestCatalogue {
  const cached = caches.get(db);
  if (cached) return cached;
  const catalogue = catalogueService(db);
  const lists = new Map<string, Promise<Map<string | number, CatalogueValue>>>();

  const keyed = <T>(rows: T[], key: (row: T) => string | number, value: (row: T, index: number) => CatalogueValue) =>
    new Map(rows.map((row, index) => [key(row), value(row, index)] as const));

  const readList = async (name: string): Promise<Map<string | number, CatalogueValue>> => {
    switch (name) {
      case 'tool':
        return keyed(
          await catalogue.tools(),
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
          await catalogue.estimatedBudgets(),
          (budget) => budget.slug,
          (budget) => ({ id: budget.id, slug: budget.slug, label: budget.label }),
        );
      default:
        return keyed(
          await catalogue.options(name),
          (option) => option.slug,
          (option) => ({ ...option }),
        );
    }
  };

  let families: Promise<ServiceFamily[]> | undefined;
  const allFamilies = () => {
    families ??= catalogue.families();
    families.catch(() => (families = undefined));
    return families;
  };

  const service: RequestCatalogue = {
    list: (name) => {
      let list = lists.get(name);
      if (!list) {
        list = readList(name);
        lists.set(name, list);
        list.catch(() => lists.delete(name));
      }
      return list;
    },
    families: allFamilies,
    family: async (slug) => {
      const found = (await allFamilies()).find((family) => family.slug === slug);
      return { slug: slug as FamilySlug, name: found?.name ?? humanised(slug) };
    },
    subFamily: async (family, slug) => {
      const found = (await allFamilies()).find((f) => f.slug === family)?.subFamilies.find((s) => s.slug === slug);
      return { slug, name: found?.name ?? humanised(slug) };
    },
  };
  caches.set(db, service);
  return service;
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

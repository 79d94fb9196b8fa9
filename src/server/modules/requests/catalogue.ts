import type { Database } from '../../db/database';
import type { components } from '../../generated/api';
import { catalogueService } from '../catalogue/service';

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
 * Catalogue reads through the catalogue module's service. Reference data changes only with a
 * deployment (a migration), so each list is read once per database and kept.
 */
export function requestCatalogue(db: Database): RequestCatalogue {
  const cached = caches.get(db);
  if (cached) return cached;
  const catalogue = catalogueService(db);
  const lists = new Map<string, Promise<Map<string | number, CatalogueValue>>>();
  const subFamilies = new Map<string, Promise<Schemas['CatalogueSubFamilyRef']>>();
  let families: Promise<Map<string, string>> | undefined;

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

  const readFamilies = async () => {
    const groups = await catalogue.toolsByCategory();
    return new Map(groups.map((group) => [group.category.slug as string, group.category.name]));
  };

  // The catalogue service names sub-families only through its search; the slug's words find them.
  const readSubFamily = async (family: string, slug: string): Promise<Schemas['CatalogueSubFamilyRef']> => {
    const words = slug.split('-').filter((word) => word !== 'and');
    const { items } = await catalogue.searchServicesAndTools(words.join(' '), 50);
    const hit = items.find(
      (item) => item.kind === 'service-sub-family' && item.slug === slug && item.family.slug === family,
    );
    return { slug, name: hit?.name ?? humanised(slug) };
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
    family: async (slug) => {
      families ??= readFamilies();
      families.catch(() => (families = undefined));
      return { slug: slug as FamilySlug, name: (await families).get(slug) ?? humanised(slug) };
    },
    subFamily: (family, slug) => {
      const key = `${family}/${slug}`;
      let ref = subFamilies.get(key);
      if (!ref) {
        ref = readSubFamily(family, slug);
        subFamilies.set(key, ref);
        ref.catch(() => subFamilies.delete(key));
      }
      return ref;
    },
  };
  caches.set(db, service);
  return service;
}

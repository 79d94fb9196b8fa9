import type { Database } from '../../db/database';
import { notFound, validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import * as queries from './queries';
import { searchText } from '../../lib/search-text';

type Schemas = components['schemas'];
type Option = Schemas['Option'];
type Tool = Schemas['CatalogueTool'];
type ServiceSearchHit = Schemas['CatalogueServiceSearchHit'];
type FamilySlug = Schemas['CatalogueServiceFamilySlug'];

export const DEFAULT_SEARCH_LIMIT = 10;

/**
 * The share of a query's trigrams a name must contain. 0.4 lets one typo through in a word of
 * four to seven letters (`reakt`, `tablaeu`) and two in longer ones (`postgress`, `kubernetis`)
 * while keeping unrelated names out of an autocomplete.
 */
export const TRIGRAM_THRESHOLD = 0.4;

/** The shared lookup lists, by operation. */
export const LOOKUP_LIST = {
  businessType: 'business-type',
  industryType: 'industry-type',
  projectDuration: 'project-duration',
  paymentType: 'payment-type',
  hiringDecision: 'hiring-decision',
  businessSize: 'business-size',
} as const;

/**
 * Names with accents (Åland Islands, Côte d'Ivoire, Mahārāshtra) sort where an English reader
 * looks for them whatever the database's collation is, so the same list comes from PGlite and
 * from any PostgreSQL server.
 */
const english = new Intl.Collator('en', { sensitivity: 'base' });
const byName = <T extends { name: string }>(rows: T[]): T[] => rows.sort((a, b) => english.compare(a.name, b.name));

const toTool = (row: queries.ToolRow): Tool => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  category: { slug: row.categorySlug as FamilySlug, name: row.categoryName },
});

export const MAX_SEARCH_LIMIT = 50;

/** The query as the server understood it, or a 400 on `path.q` when only spaces were typed. */
function parseSearch(rawQuery: string, limit: number | undefined) {
  const trimmed = rawQuery.trim();
  if (trimmed === '') throw validationFailed([{ field: 'path.q', message: 'must not be empty' }]);
  // Schema validation lets numbers beyond double range through as ±Infinity; they never reach SQL.
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_SEARCH_LIMIT)) {
    throw validationFailed([{ field: 'query.limit', message: `must be a whole number from 1 to ${MAX_SEARCH_LIMIT}` }]);
  }
  const query = searchText(trimmed);
  return { trimmed, query, words: query.split(' ').filter(Boolean), limit: limit ?? DEFAULT_SEARCH_LIMIT };
}

export interface ServiceFamily {
  slug: FamilySlug;
  name: string;
  subFamilies: { slug: string; name: string }[];
}

/**
 * Which rows a read takes: the offered (active) ones, or with `withInactive` also those taken out
 * of the data files since, for labelling answers stored while they were offered. New answers are
 * checked against the active rows only.
 */
export interface Rows {
  withInactive?: boolean;
}

export function catalogueService(db: Database) {
  return {
    options: (list: string, rows: Rows = {}): Promise<Option[]> => queries.listOptions(db, list, rows),

    /** The labels of the given slugs of one option list, retired options included (for reading back). */
    optionLabels: async (list: string, slugs: readonly string[]): Promise<Map<string, string>> => {
      if (slugs.length === 0) return new Map();
      const wanted = new Set(slugs);
      const options = await queries.listOptions(db, list, { withInactive: true });
      return new Map(options.filter((option) => wanted.has(option.slug)).map((option) => [option.slug, option.label]));
    },

    /** One option list of a family's request form; the contract's enum has already vetted `list`. */
    familyOptions: (family: FamilySlug, list: string): Promise<Option[]> =>
      queries.listOptions(db, `${family}/${list}`),

    estimatedBudgets: async (rows: Rows = {}): Promise<Schemas['CatalogueEstimatedBudget'][]> =>
      queries.listEstimatedBudgets(db, rows),

    currencies: (): Promise<Schemas['CatalogueCurrency'][]> => queries.listCurrencies(db),

    tools: async (rows: Rows = {}): Promise<Tool[]> => (await queries.listTools(db, rows)).map(toTool),

    /**
     * The families joined with their sub-families, one row per sub-family (or one with null
     * sub-family columns), in display order; `active` and `subActive` tell offered rows apart.
     */
    familyRows: (rows: Rows = {}) => queries.listServiceFamilies(db, rows),

    /** The families in display order, each with its sub-families in order. */
    families: async (rows: Rows = {}): Promise<ServiceFamily[]> => {
      const families = new Map<string, ServiceFamily>();
      for (const row of await queries.listServiceFamilies(db, rows)) {
        let family = families.get(row.slug);
        if (!family) {
          family = { slug: row.slug as FamilySlug, name: row.name, subFamilies: [] };
          families.set(row.slug, family);
        }
        if (row.subSlug && row.subName) family.subFamilies.push({ slug: row.subSlug, name: row.subName });
      }
      return [...families.values()];
    },

    /** The families as the public pages present them (listServiceFamilies), in display order. */
    familyPages: async (): Promise<Schemas['CatalogueServiceFamily'][]> => {
      const families = new Map<string, Schemas['CatalogueServiceFamily']>();
      for (const row of await queries.listServiceFamilies(db)) {
        let family = families.get(row.slug);
        if (!family) {
          const page = row.servicesPage as
            | (Omit<Schemas['CatalogueServicesPage'], 'areas'> & {
                areas?: Schemas['CatalogueServicesPage']['areas'];
              })
            | null;
          family = {
            slug: row.slug as FamilySlug,
            name: row.name,
            description: row.description,
            icon: row.icon,
            subFamilies: [],
            servicesPage: page ? { ...page, areas: page.areas ?? [] } : null,
          };
          families.set(row.slug, family);
        }
        if (row.subSlug && row.subName) {
          family.subFamilies.push({ slug: row.subSlug, name: row.subName, description: row.subDescription ?? '' });
        }
      }
      return [...families.values()];
    },

    /** One group per family that has tools, in family order; tools keep the by-name order. */
    toolsByCategory: async (): Promise<Schemas['CatalogueToolGroup'][]> => {
      const rows = await queries.listTools(db);
      const groups = new Map<string, { position: number; group: Schemas['CatalogueToolGroup'] }>();
      for (const row of rows) {
        let entry = groups.get(row.categorySlug);
        if (!entry) {
          entry = {
            position: row.categoryPosition,
            group: { category: { slug: row.categorySlug as FamilySlug, name: row.categoryName }, tools: [] },
          };
          groups.set(row.categorySlug, entry);
        }
        entry.group.tools.push(toTool(row));
      }
      return [...groups.values()].sort((a, b) => a.position - b.position).map((entry) => entry.group);
    },

    searchTools: async (rawQuery: string, limit?: number) => {
      const search = parseSearch(rawQuery, limit);
      if (search.words.length === 0) return { query: search.trimmed, items: [] };
      const rows = await queries.searchTools(db, { ...search, threshold: TRIGRAM_THRESHOLD });
      return { query: search.trimmed, items: rows.map(toTool) };
    },

    searchServicesAndTools: async (rawQuery: string, limit?: number) => {
      const search = parseSearch(rawQuery, limit);
      if (search.words.length === 0) return { query: search.trimmed, items: [] };
      const rows = await queries.searchServicesAndTools(db, { ...search, threshold: TRIGRAM_THRESHOLD });
      const items = rows.map((row): ServiceSearchHit => {
        const family = { slug: row.familySlug as FamilySlug, name: row.familyName! };
        if (row.kind === 'service-family') return { kind: row.kind, slug: row.slug as FamilySlug, name: row.name };
        if (row.kind === 'service-sub-family') return { kind: row.kind, slug: row.slug, name: row.name, family };
        return { kind: row.kind, id: row.id, slug: row.slug, name: row.name, category: family };
      });
      return { query: search.trimmed, items };
    },

    countries: async (): Promise<Schemas['CatalogueCountry'][]> =>
      byName(await queries.listCountries(db)).map((row) => ({
        code: row.code,
        name: row.name,
        hasStates: Number(row.states) > 0,
        subdivisionLabel: Number(row.states) > 0 ? row.subdivisionLabel : null,
        callingCode: row.callingCode,
      })),

    /** An unknown country is a 404; a known one without subdivisions is an empty list. */
    countryStates: async (countryCode: string): Promise<Schemas['CatalogueState'][]> => {
      const states = byName(await queries.listCountryStates(db, countryCode));
      if (states.length === 0 && !(await queries.countryExists(db, countryCode))) {
        throw notFound('We do not know a country with this code.');
      }
      return states;
    },

    languages: async (): Promise<Schemas['CatalogueLanguage'][]> => byName(await queries.listLanguages(db)),
  };
}

import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appMeta,
  catalogueEstimatedBudgets,
  catalogueOptions,
  catalogueServiceFamilies,
  catalogueServiceSubFamilies,
  catalogueTools,
} from '../../src/server/db/schema';
import { loadCatalogueData, type CatalogueData } from '../../src/server/modules/catalogue/data-files';
import { storedCatalogueHash, syncCatalogueData } from '../../src/server/modules/catalogue/sync';
import { searchText } from '../../src/server/lib/search-text';
import { checkForms } from '../../src/shared/forms/check';
import { buildTestApp, databaseKinds, type TestApp } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The catalogue data files (src/server/catalogue-data/) against the database after a start-up:
 * every family, sub-family, tool, option and budget bracket of the files is a row, active, with
 * the files' values, and no other row is active.
 */
describe.each(databaseKinds)('the catalogue data files, written at start-up (%s)', (kind) => {
  let testApp: TestApp;
  let data: CatalogueData;
  const db = () => testApp.app.db;

  beforeAll(async () => {
    data = loadCatalogueData();
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp?.close());

  it('has every family with its description, icon, order and services-page texts, and no other', async () => {
    const rows = await db()
      .select({
        slug: catalogueServiceFamilies.slug,
        name: catalogueServiceFamilies.name,
        description: catalogueServiceFamilies.description,
        icon: catalogueServiceFamilies.icon,
        searchName: catalogueServiceFamilies.searchName,
        servicesPage: catalogueServiceFamilies.servicesPage,
      })
      .from(catalogueServiceFamilies)
      .where(eq(catalogueServiceFamilies.active, true))
      .orderBy(asc(catalogueServiceFamilies.position));
    expect(rows).toEqual(
      data.families.map((family) => ({
        slug: family.slug,
        name: family.name,
        description: family.description,
        icon: family.icon,
        searchName: searchText(family.name),
        servicesPage: family.servicesPage,
      })),
    );
    expect(rows.map((row) => row.slug)).toEqual([
      'web-design-and-development',
      'mobile-app',
      'data-and-analytics',
      'software-development',
      'finance-transformation',
      'machine-learning-and-ai',
    ]);
  });

  it('has every sub-family under its family, in order', async () => {
    const rows = await db()
      .select({
        family: catalogueServiceFamilies.slug,
        slug: catalogueServiceSubFamilies.slug,
        name: catalogueServiceSubFamilies.name,
        description: catalogueServiceSubFamilies.description,
      })
      .from(catalogueServiceSubFamilies)
      .innerJoin(catalogueServiceFamilies, eq(catalogueServiceFamilies.id, catalogueServiceSubFamilies.familyId))
      .where(eq(catalogueServiceSubFamilies.active, true))
      .orderBy(asc(catalogueServiceFamilies.position), asc(catalogueServiceSubFamilies.position));
    expect(rows).toEqual(
      data.families.flatMap((family) => family.subFamilies.map((sub) => ({ family: family.slug, ...sub }))),
    );
    expect(rows).toHaveLength(8);
  });

  it('has every tool under its family, the first of a family the most popular', async () => {
    const rows = await db()
      .select({
        family: catalogueServiceFamilies.slug,
        slug: catalogueTools.slug,
        name: catalogueTools.name,
        popularity: catalogueTools.popularity,
      })
      .from(catalogueTools)
      .innerJoin(catalogueServiceFamilies, eq(catalogueServiceFamilies.id, catalogueTools.categoryId))
      .where(eq(catalogueTools.active, true))
      .orderBy(asc(catalogueServiceFamilies.position), sql`${catalogueTools.popularity} DESC`);
    expect(rows).toEqual(
      data.families.flatMap((family) =>
        family.tools.map((tool, index) => ({ family: family.slug, ...tool, popularity: family.tools.length - index })),
      ),
    );
    expect(rows.length).toBeGreaterThan(300);
  });

  it('has the shared lists and each family’s form lists, in order', async () => {
    const rows = await db()
      .select({ list: catalogueOptions.list, slug: catalogueOptions.slug, label: catalogueOptions.label })
      .from(catalogueOptions)
      .where(eq(catalogueOptions.active, true))
      .orderBy(asc(catalogueOptions.list), asc(catalogueOptions.position));
    const lists: [string, { slug: string; label: string }[]][] = [
      ...Object.entries(data.shared.optionLists),
      ...data.families.flatMap((family) =>
        Object.entries(family.optionLists).map(
          ([list, options]) => [`${family.slug}/${list}`, options] as [string, { slug: string; label: string }[]],
        ),
      ),
    ];
    const expected = lists
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([list, options]) => options.map((option) => ({ list, ...option })));
    // The database's collation may order list names differently from code points: compare by list.
    const byList = (entries: { list: string; slug: string; label: string }[]) => {
      const lists = new Map<string, { slug: string; label: string }[]>();
      for (const { list, ...option } of entries) lists.set(list, [...(lists.get(list) ?? []), option]);
      return Object.fromEntries(lists);
    };
    expect(byList(rows)).toEqual(byList(expected));
    expect(rows.length).toBeGreaterThan(200);
  });

  it('has the budget brackets in US dollars', async () => {
    const rows = await db()
      .select({
        slug: catalogueEstimatedBudgets.slug,
        label: catalogueEstimatedBudgets.label,
        min: catalogueEstimatedBudgets.min,
        max: catalogueEstimatedBudgets.max,
        currency: catalogueEstimatedBudgets.currency,
      })
      .from(catalogueEstimatedBudgets)
      .where(eq(catalogueEstimatedBudgets.active, true))
      .orderBy(asc(catalogueEstimatedBudgets.position));
    expect(rows).toEqual(data.shared.estimatedBudgets.map((budget) => ({ ...budget, currency: 'USD' })));
  });

  it('names in the files every family list the forms’ x-options use', () => {
    const result = checkForms({
      formsDir: path.join(ROOT, 'forms'),
      contractPath: path.join(ROOT, 'openapi/generated/openapi.yaml'),
      families: data.families,
    });
    expect(result.problems).toEqual([]);
    const familyLists = new Set(
      data.families.flatMap((family) => Object.keys(family.optionLists).map((list) => `${family.slug}/${list}`)),
    );
    const used = new Set(result.forms.flatMap((form) => form.optionLists).filter((list) => list.includes('/')));
    expect(used.size).toBeGreaterThan(10);
    for (const list of used) expect(familyLists, list).toContain(list);
    for (const list of result.forms.flatMap((form) => form.optionLists).filter((name) => !name.includes('/'))) {
      if (Object.hasOwn(data.shared.optionLists, list))
        expect(data.shared.optionLists[list]!.length, list).toBeGreaterThan(0);
    }
  });

  it('keeps the full ISO lists migration 0003 loaded beside them', async () => {
    const count = async (table: string) =>
      Number(
        ((await db().execute(sql.raw(`SELECT count(*) AS n FROM ${table}`))) as unknown as { rows: { n: unknown }[] })
          .rows[0]!.n,
      );
    expect(await count('catalogue_countries')).toBe(249);
    expect(await count('catalogue_currencies')).toBeGreaterThan(140);
    expect(await count('catalogue_languages')).toBeGreaterThan(180);
    expect(await count('catalogue_country_states')).toBeGreaterThan(3000);
  });
  it('survives two starts at once: one writes, the other waits for it and finds its hash', async () => {
    await db().delete(appMeta);
    // Two transactions on two connections of the pool (PostgreSQL), or queued by PGlite.
    const results = await Promise.all([
      syncCatalogueData(db(), data, { lock: true }),
      syncCatalogueData(db(), data, { lock: true }),
    ]);
    expect(results.map((result) => result.skipped).sort()).toEqual([false, true]);
    expect(await storedCatalogueHash(db())).toBe(data.hash);
  });
});

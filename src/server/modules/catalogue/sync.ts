/**
 * Writes the catalogue data files (data-files.ts) into the database at start-up, after the
 * migrations: new rows are inserted and changed ones updated, matched by their natural key
 * (a family's slug, a sub-family's slug within its family, a tool's slug, an option's list and
 * slug, a budget bracket's slug), all in one transaction.
 *
 * Rows the files no longer hold are never deleted: service requests, profiles and stored
 * answers point at them by slug or id. They are marked `active = false` instead, which hides
 * them from the catalogue calls, the search and the choices offered for new requests and
 * profiles, while what was stored with them keeps reading; a row that comes back to the files
 * is active again.
 *
 * Cheap when nothing changed: the sha256 of the files is kept in app_meta and an equal hash
 * skips everything but one SELECT. Two processes starting together on one PostgreSQL server
 * take turns on a transaction-scoped advisory lock; the second finds the first one's hash and
 * writes nothing.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import {
  appMeta,
  catalogueEstimatedBudgets,
  catalogueOptions,
  catalogueServiceFamilies,
  catalogueServiceSubFamilies,
  catalogueTools,
} from '../../db/schema';
import type { CatalogueData, OptionData } from './data-files';
import { searchText } from '../../lib/search-text';

export const CATALOGUE_HASH_KEY = 'catalogue-data-hash';
/** pg_advisory_xact_lock's key for the sync ("catalog" in ASCII). */
const SYNC_LOCK = 0x636174616c6f67n;

export interface RowChanges {
  inserted: number;
  updated: number;
  deactivated: number;
}

export type SyncResult =
  | { skipped: true }
  | {
      skipped: false;
      changes: Record<'families' | 'subFamilies' | 'tools' | 'options' | 'estimatedBudgets', RowChanges>;
    };

/** The hash the last sync stored, if any. */
export async function storedCatalogueHash(db: Database): Promise<string | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, CATALOGUE_HASH_KEY));
  return row?.value;
}

/** `set` for an upsert: every column from the proposed row, updated only when one of them differs. */
function upsertOf(byKey: Record<string, PgColumn>) {
  const excluded = (column: PgColumn) => sql.raw(`excluded."${column.name}"`);
  const columns = Object.values(byKey);
  const set = Object.fromEntries(Object.entries(byKey).map(([key, column]) => [key, excluded(column)])) as Record<
    string,
    SQL
  >;
  const current = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const proposed = sql.join(columns.map(excluded), sql`, `);
  return { set, setWhere: sql`(${current}) IS DISTINCT FROM (${proposed})` };
}

/** `xmax = 0` marks a row the upsert inserted rather than updated. */
const INSERTED = { inserted: sql<boolean>`xmax = 0` };

function counted(rows: { inserted: boolean }[], deactivated: number): RowChanges {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, deactivated };
}

/** Marks the active rows whose id is not kept as inactive; answers how many. */
async function deactivateOthers(
  tx: Database,
  table: PgTable & { id: PgColumn; active: PgColumn },
  keep: Set<number>,
): Promise<number> {
  const rows = (await tx.select({ id: table.id }).from(table).where(eq(table.active, true))) as { id: number }[];
  const gone = rows.map((row) => row.id).filter((id) => !keep.has(id));
  if (gone.length === 0) return 0;
  await tx.update(table).set({ active: false }).where(inArray(table.id, gone));
  return gone.length;
}

async function writeAll(
  tx: Database,
  data: CatalogueData,
): Promise<Extract<SyncResult, { skipped: false }>['changes']> {
  const f = catalogueServiceFamilies;
  const familyRows = await tx
    .insert(f)
    .values(
      data.families.map((family) => ({
        slug: family.slug,
        name: family.name,
        description: family.description,
        icon: family.icon,
        position: family.position,
        searchName: searchText(family.name),
        servicesPage: family.servicesPage as Record<string, unknown> | null,
        active: true,
      })),
    )
    .onConflictDoUpdate({
      target: f.slug,
      ...upsertOf({
        name: f.name,
        description: f.description,
        icon: f.icon,
        position: f.position,
        searchName: f.searchName,
        servicesPage: f.servicesPage,
        active: f.active,
      }),
    })
    .returning(INSERTED);
  const familyIds = new Map(
    (await tx.select({ id: f.id, slug: f.slug }).from(f)).map((row) => [row.slug, row.id] as const),
  );
  const keptFamilies = new Set(data.families.map((family) => familyIds.get(family.slug)!));

  const s = catalogueServiceSubFamilies;
  const subValues = data.families.flatMap((family) =>
    family.subFamilies.map((sub, index) => ({
      familyId: familyIds.get(family.slug)!,
      slug: sub.slug,
      name: sub.name,
      description: sub.description,
      position: index + 1,
      searchName: searchText(sub.name),
      active: true,
    })),
  );
  const subRows =
    subValues.length === 0
      ? []
      : await tx
          .insert(s)
          .values(subValues)
          .onConflictDoUpdate({
            target: [s.familyId, s.slug],
            ...upsertOf({
              name: s.name,
              description: s.description,
              position: s.position,
              searchName: s.searchName,
              active: s.active,
            }),
          })
          .returning(INSERTED);
  const keptSubs = new Set(
    (
      await tx
        .select({ id: s.id, familyId: s.familyId, slug: s.slug })
        .from(s)
        .where(inArray(s.familyId, [...keptFamilies]))
    )
      .filter((row) => subValues.some((value) => value.familyId === row.familyId && value.slug === row.slug))
      .map((row) => row.id),
  );

  const t = catalogueTools;
  const toolValues = data.families.flatMap((family) =>
    family.tools.map((tool, index) => ({
      slug: tool.slug,
      name: tool.name,
      categoryId: familyIds.get(family.slug)!,
      // Earlier in a family's list means more requested.
      popularity: family.tools.length - index,
      searchName: searchText(tool.name),
      active: true,
    })),
  );
  const toolRows =
    toolValues.length === 0
      ? []
      : await tx
          .insert(t)
          .values(toolValues)
          .onConflictDoUpdate({
            target: t.slug,
            ...upsertOf({
              name: t.name,
              categoryId: t.categoryId,
              popularity: t.popularity,
              searchName: t.searchName,
              active: t.active,
            }),
          })
          .returning(INSERTED);
  const toolSlugs = toolValues.map((tool) => tool.slug);
  const keptTools = new Set(
    toolSlugs.length === 0
      ? []
      : (await tx.select({ id: t.id }).from(t).where(inArray(t.slug, toolSlugs))).map((row) => row.id),
  );

  const o = catalogueOptions;
  const lists: (readonly [string, OptionData[]])[] = [
    ...Object.entries(data.shared.optionLists),
    ...data.families.flatMap((family) =>
      Object.entries(family.optionLists).map(([list, options]) => [`${family.slug}/${list}`, options] as const),
    ),
  ];
  const optionValues = lists.flatMap(([list, options]) =>
    options.map((option, index) => ({
      list,
      slug: option.slug,
      label: option.label,
      position: index + 1,
      active: true,
    })),
  );
  const optionRows =
    optionValues.length === 0
      ? []
      : await tx
          .insert(o)
          .values(optionValues)
          .onConflictDoUpdate({
            target: [o.list, o.slug],
            ...upsertOf({ label: o.label, position: o.position, active: o.active }),
          })
          .returning(INSERTED);
  const wanted = new Set(optionValues.map((option) => `${option.list}\n${option.slug}`));
  const keptOptions = new Set(
    (await tx.select({ id: o.id, list: o.list, slug: o.slug }).from(o))
      .filter((row) => wanted.has(`${row.list}\n${row.slug}`))
      .map((row) => row.id),
  );

  const b = catalogueEstimatedBudgets;
  const budgetValues = data.shared.estimatedBudgets.map((budget, index) => ({
    ...budget,
    currency: 'USD',
    position: index + 1,
    active: true,
  }));
  const budgetRows =
    budgetValues.length === 0
      ? []
      : await tx
          .insert(b)
          .values(budgetValues)
          .onConflictDoUpdate({
            target: b.slug,
            ...upsertOf({
              label: b.label,
              min: b.min,
              max: b.max,
              currency: b.currency,
              position: b.position,
              active: b.active,
            }),
          })
          .returning(INSERTED);
  const budgetSlugs = budgetValues.map((budget) => budget.slug);
  const keptBudgets = new Set(
    budgetSlugs.length === 0
      ? []
      : (await tx.select({ id: b.id }).from(b).where(inArray(b.slug, budgetSlugs))).map((row) => row.id),
  );

  return {
    families: counted(familyRows, await deactivateOthers(tx, f, keptFamilies)),
    subFamilies: counted(subRows, await deactivateOthers(tx, s, keptSubs)),
    tools: counted(toolRows, await deactivateOthers(tx, t, keptTools)),
    options: counted(optionRows, await deactivateOthers(tx, o, keptOptions)),
    estimatedBudgets: counted(budgetRows, await deactivateOthers(tx, b, keptBudgets)),
  };
}

/**
 * Brings the catalogue tables in line with the files. `lock`: other processes may share the
 * database (PostgreSQL); PGlite has one process by design and needs none.
 */
export async function syncCatalogueData(
  db: Database,
  data: CatalogueData,
  options: { lock?: boolean } = {},
): Promise<SyncResult> {
  if ((await storedCatalogueHash(db)) === data.hash) return { skipped: true };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    if (options.lock !== false) await tx.execute(sql`SELECT pg_advisory_xact_lock(${SYNC_LOCK.toString()}::bigint)`);
    // Another process may have written the same files while this one waited for the lock.
    if ((await storedCatalogueHash(tx)) === data.hash) return { skipped: true } as const;
    const changes = await writeAll(tx, data);
    await tx
      .insert(appMeta)
      .values({ key: CATALOGUE_HASH_KEY, value: data.hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: data.hash, updatedAt: sql`now()` } });
    return { skipped: false, changes } as const;
  });
}

/**
 * Writes the catalogue's data migration (src/server/db/migrations/0003_catalogue_data.sql) from
 * the marketplace's own lists in scripts/catalogue/ and from standard data packages: ISO 3166-1
 * and 3166-2 from `iso-3166`, calling codes from `countries-list`, ISO 4217 from
 * `currency-codes`, ISO 639-1 from `iso-639-1`; English display names of countries and
 * currencies and currency symbols come from the CLDR data built into Node.js (Intl). The
 * packages are dev-only: the app reads the committed SQL, never them.
 *
 * Usage: tsx scripts/catalogue-data.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countries as countriesList } from 'countries-list';
import currencyCodes from 'currency-codes';
import { iso31661, iso31662 } from 'iso-3166';
import ISO6391 from 'iso-639-1';
import { searchText } from '../src/server/lib/search-text';
import { FAMILIES } from './catalogue/families';
import {
  ESTIMATED_BUDGETS,
  FAMILY_LISTS,
  LOOKUP_LISTS,
  SUBDIVISION_LABELS,
  SUBDIVISION_OVERRIDES,
} from './catalogue/options';
import { TOOLS } from './catalogue/tools';

const OUTPUT = fileURLToPath(new URL('../src/server/db/migrations/0003_catalogue_data.sql', import.meta.url));
const BREAK = '\n--> statement-breakpoint\n';
const ROWS_PER_INSERT = 500;

type Value = string | number | null;

const literal = (value: Value) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;

/** Multi-row INSERTs, in chunks, so the migration stays a few statements per table. */
function inserts(table: string, columns: string[], rows: Value[][], select?: (values: string) => string): string[] {
  const statements: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows
      .slice(start, start + ROWS_PER_INSERT)
      .map((row) => `  (${row.map(literal).join(', ')})`)
      .join(',\n');
    statements.push(
      select
        ? `INSERT INTO "${table}" (${select('columns')})\n${select(values)}`
        : `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n${values};`,
    );
  }
  return statements;
}

export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\+/g, '-plus-')
    .replace(/#/g, '-sharp-')
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function fail(message: string): never {
  throw new Error(message);
}

// ---------------------------------------------------------------- families and tools

function familyStatements(): string[] {
  const familyRows = FAMILIES.map((f, i) => [f.slug, f.name, f.description, i + 1, searchText(f.name)]);
  const subRows = FAMILIES.flatMap((f) =>
    f.subFamilies.map((s, i) => [f.slug, s.slug, s.name, s.description, i + 1, searchText(s.name)]),
  );
  return [
    ...inserts('catalogue_service_families', ['slug', 'name', 'description', 'position', 'search_name'], familyRows),
    ...inserts('catalogue_service_sub_families', [], subRows, (values) =>
      values === 'columns'
        ? '"family_id", "slug", "name", "description", "position", "search_name"'
        : `SELECT f."id", v.slug, v.name, v.description, v.position, v.search_name FROM (VALUES\n${values}\n) AS v(family, slug, name, description, position, search_name)\nJOIN "catalogue_service_families" f ON f."slug" = v.family;`,
    ),
  ];
}

function toolRows(): Value[][] {
  const seen = new Map<string, string>();
  const rows: Value[][] = [];
  for (const [family, tools] of Object.entries(TOOLS)) {
    if (!FAMILIES.some((f) => f.slug === family)) fail(`tools filed under unknown family ${family}`);
    tools.forEach((entry, index) => {
      const [name, explicitSlug] = entry.split('|') as [string, string | undefined];
      const slug = explicitSlug ?? slugOf(name);
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) fail(`bad slug ${slug} for ${name}`);
      if (name.length > 80) fail(`tool name too long: ${name}`);
      const other = seen.get(slug) ?? seen.get(`name:${name.toLowerCase()}`);
      if (other) fail(`tool ${name} (${slug}) is listed twice, also under ${other}`);
      seen.set(slug, family).set(`name:${name.toLowerCase()}`, family);
      // Earlier in a family's list means more requested.
      rows.push([family, slug, name, tools.length - index, searchText(name)]);
    });
  }
  return rows;
}

function toolStatements(rows: Value[][]): string[] {
  return inserts('catalogue_tools', [], rows, (values) =>
    values === 'columns'
      ? '"category_id", "slug", "name", "popularity", "search_name"'
      : `SELECT f."id", v.slug, v.name, v.popularity, v.search_name FROM (VALUES\n${values}\n) AS v(family, slug, name, popularity, search_name)\nJOIN "catalogue_service_families" f ON f."slug" = v.family;`,
  );
}

// ---------------------------------------------------------------- option lists

function optionRows(): Value[][] {
  const lists: [string, [string, string][]][] = [
    ...Object.entries(LOOKUP_LISTS),
    ...Object.entries(FAMILY_LISTS).flatMap(([family, lists]) =>
      Object.entries(lists).map(([list, options]) => [`${family}/${list}`, options] as [string, [string, string][]]),
    ),
  ];
  return lists.flatMap(([list, options]) => {
    if (new Set(options.map(([slug]) => slug)).size !== options.length) fail(`duplicate slug in ${list}`);
    return options.map(([slug, label], i) => [list, slug, label, i + 1]);
  });
}

// ---------------------------------------------------------------- ISO data

/** Precious metals, bond units, funds and the test code: not money a client pays in. */
const NON_TENDER = new Set([
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

function currencyRows(): Value[][] {
  const names = new Intl.DisplayNames('en', { type: 'currency' });
  const rows = currencyCodes.data
    .filter((c) => !NON_TENDER.has(c.code) && Number.isInteger(c.digits))
    .map((c) => {
      const symbol =
        new Intl.NumberFormat('en', { style: 'currency', currency: c.code })
          .formatToParts(1)
          .find((part) => part.type === 'currency')?.value ?? c.code;
      const displayName = names.of(c.code);
      const name = displayName && displayName !== c.code ? displayName : c.currency;
      return { code: c.code, name, symbol: symbol.length <= 8 ? symbol : c.code, minorUnits: c.digits };
    })
    .sort((a, b) => (a.code === 'USD' ? -1 : b.code === 'USD' ? 1 : a.name.localeCompare(b.name, 'en')));
  return rows.map((c, i) => [c.code, c.name, c.symbol, c.minorUnits, i + 1]);
}

function countryAndStateRows(): { countries: Value[][]; states: Value[][] } {
  const listed = countriesList as Record<string, { name: string; phone: number[] }>;
  // CLDR's English short names ("United States", "Côte d’Ivoire", "Åland Islands") read better in
  // a picker than the ISO list's formal ones or countries-list's accent-free spellings.
  const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  const states: Value[][] = [];
  const countries = iso31661.map((country) => {
    const code = country.alpha2;
    const extra = listed[code];
    const phone = extra?.phone[0] ?? fail(`no calling code for ${code}`);
    const only = SUBDIVISION_OVERRIDES[code];
    const subdivisions = iso31662
      .filter((s) => s.parent === code)
      .map((s) => ({ code: s.code.slice(code.length + 1), name: s.name }))
      .filter((s) => !only || only.includes(s.code));
    if (only && subdivisions.length !== only.length) fail(`missing subdivisions of ${code}`);
    for (const s of subdivisions) {
      if (!/^[A-Z0-9]{1,3}$/.test(s.code)) fail(`bad subdivision code ${code}-${s.code}`);
      states.push([code, s.code, s.name]);
    }
    const label = subdivisions.length > 0 ? (SUBDIVISION_LABELS[code] ?? 'Region') : null;
    return [code, regionNames.of(code) ?? extra?.name ?? country.name, `+${phone}`, label];
  });
  return { countries, states };
}

function languageRows(): Value[][] {
  return ISO6391.getAllCodes().map((code) => [code, ISO6391.getName(code), ISO6391.getNativeName(code)]);
}

// ---------------------------------------------------------------- the migration

export function catalogueMigration(): { sql: string; counts: Record<string, number> } {
  const tools = toolRows();
  const options = optionRows();
  const currencies = currencyRows();
  const { countries, states } = countryAndStateRows();
  const languages = languageRows();
  const budgets = ESTIMATED_BUDGETS.map((b, i) => [b.slug, b.label, b.min, b.max, 'USD', i + 1]);
  const statements = [
    // Typo-tolerant tool search; a no-op where the extension is already installed.
    'CREATE EXTENSION IF NOT EXISTS pg_trgm;',
    ...familyStatements(),
    ...toolStatements(tools),
    'CREATE INDEX "catalogue_tools_search_name_trgm_idx" ON "catalogue_tools" USING gin ("search_name" gin_trgm_ops);',
    ...inserts('catalogue_options', ['list', 'slug', 'label', 'position'], options),
    ...inserts('catalogue_estimated_budgets', ['slug', 'label', 'min', 'max', 'currency', 'position'], budgets),
    ...inserts('catalogue_currencies', ['code', 'name', 'symbol', 'minor_units', 'position'], currencies),
    ...inserts('catalogue_countries', ['code', 'name', 'calling_code', 'subdivision_label'], countries),
    ...inserts('catalogue_country_states', ['country_code', 'code', 'name'], states),
    ...inserts('catalogue_languages', ['code', 'name', 'native_name'], languages),
  ];
  const header =
    '-- Generated by scripts/catalogue-data.ts from scripts/catalogue/ and ISO data packages; edit those and regenerate.\n';
  return {
    sql: header + statements.join(BREAK) + '\n',
    counts: {
      tools: tools.length,
      options: options.length,
      currencies: currencies.length,
      countries: countries.length,
      subdivisions: states.length,
      languages: languages.length,
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { sql, counts } = catalogueMigration();
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== sql) {
      console.error('0003_catalogue_data.sql is out of date: run tsx scripts/catalogue-data.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, sql);
  }
  console.log(JSON.stringify(counts));
}

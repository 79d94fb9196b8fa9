/**
 * The catalogue's reference data as files (src/server/catalogue-data/): one JSON file per
 * service family (`families/<slug>.json`: the family with its description and icon, its
 * sub-families, its tools, its form's option lists and its services-page texts) and
 * `shared.json` (the lookup lists every form shares, the budget brackets). Adding a family is
 * adding a file; the start-up sync (sync.ts) writes the files into the database.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../../project-paths';

export const CATALOGUE_DATA_DIR = projectPath('src', 'server', 'catalogue-data');

/** The icon a family gets when its file names none. The web app shows it for names it does not know, too. */
export const DEFAULT_FAMILY_ICON = 'default';

/** Bumped when the sync writes the same files differently, so every database is written again once. */
const SYNC_FORMAT = 1;

export interface OptionData {
  slug: string;
  label: string;
}

export interface ServicesPageData {
  overview: string;
  typicalProjects: string[];
  toolsAndSkills: string[];
  /** Sub-families with a request form of their own, as the services page names them. */
  areas?: { subFamily: string; label: string }[];
}

export interface FamilyData {
  slug: string;
  name: string;
  description: string;
  icon: string;
  /** Display order among the families (then by slug). */
  position: number;
  subFamilies: { slug: string; name: string; description: string }[];
  /** Most requested first: the order is the search's tie-breaker. A tool is filed under one family. */
  tools: { slug: string; name: string }[];
  /** The family's form lists, stored as `<family>/<list>`. */
  optionLists: Record<string, OptionData[]>;
  servicesPage: ServicesPageData | null;
}

export interface SharedData {
  optionLists: Record<string, OptionData[]>;
  /** US dollar brackets; `max` null on the last. */
  estimatedBudgets: { slug: string; label: string; min: number; max: number | null }[];
}

export interface CatalogueData {
  families: FamilyData[];
  shared: SharedData;
  /** sha256 of what the sync writes: equal hashes, nothing to write. */
  hash: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

class DataFileError extends Error {
  constructor(file: string, message: string) {
    super(`catalogue data ${file}: ${message}`);
  }
}

type Json = Record<string, unknown>;

function check(file: string) {
  const fail = (message: string): never => {
    throw new DataFileError(file, message);
  };
  const object = (value: unknown, where: string): Json =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Json)
      : fail(`${where} must be an object`);
  const array = (value: unknown, where: string): unknown[] =>
    Array.isArray(value) ? value : fail(`${where} must be a list`);
  const text = (value: unknown, where: string, max = 2000): string =>
    typeof value === 'string' && value.trim() !== '' && value.length <= max
      ? value
      : fail(`${where} must be a non-empty text of at most ${max} characters`);
  const slug = (value: unknown, where: string): string =>
    typeof value === 'string' && value.length <= 80 && SLUG.test(value) ? value : fail(`${where} must be a slug`);
  const unique = (values: string[], where: string) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value)) fail(`${where}: "${value}" is listed twice`);
      seen.add(value);
    }
  };
  const optionLists = (value: unknown, where: string): Record<string, OptionData[]> => {
    const lists: Record<string, OptionData[]> = {};
    for (const [list, entries] of Object.entries(object(value ?? {}, where))) {
      slug(list, `${where} name "${list}"`);
      lists[list] = array(entries, `${where}.${list}`).map((entry, i) => {
        const option = object(entry, `${where}.${list}[${i}]`);
        return {
          slug: slug(option.slug, `${where}.${list}[${i}].slug`),
          label: text(option.label, `${where}.${list}[${i}].label`, 200),
        };
      });
      unique(
        lists[list].map((option) => option.slug),
        `${where}.${list}`,
      );
    }
    return lists;
  };
  return { fail, object, array, text, slug, unique, optionLists };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DataFileError(path.basename(file), `is not readable JSON (${(error as Error).message})`);
  }
}

function familyOf(file: string, raw: unknown): FamilyData {
  const c = check(`families/${file}`);
  const data = c.object(raw, 'the file');
  const slug = c.slug(data.slug, 'slug');
  if (`${slug}.json` !== file) c.fail(`slug "${slug}" must match the file name`);
  const position = data.position;
  if (typeof position !== 'number' || !Number.isInteger(position)) c.fail('position must be a whole number');
  const subFamilies = c.array(data.subFamilies ?? [], 'subFamilies').map((entry, i) => {
    const sub = c.object(entry, `subFamilies[${i}]`);
    return {
      slug: c.slug(sub.slug, `subFamilies[${i}].slug`),
      name: c.text(sub.name, `subFamilies[${i}].name`, 120),
      description: c.text(sub.description, `subFamilies[${i}].description`),
    };
  });
  c.unique(
    subFamilies.map((sub) => sub.slug),
    'subFamilies',
  );
  const tools = c.array(data.tools ?? [], 'tools').map((entry, i) => {
    const tool = c.object(entry, `tools[${i}]`);
    return { slug: c.slug(tool.slug, `tools[${i}].slug`), name: c.text(tool.name, `tools[${i}].name`, 80) };
  });
  let servicesPage: ServicesPageData | null = null;
  if (data.servicesPage !== undefined && data.servicesPage !== null) {
    const page = c.object(data.servicesPage, 'servicesPage');
    const texts = (value: unknown, where: string) =>
      c.array(value, where).map((item, i) => c.text(item, `${where}[${i}]`, 300));
    servicesPage = {
      overview: c.text(page.overview, 'servicesPage.overview'),
      typicalProjects: texts(page.typicalProjects, 'servicesPage.typicalProjects'),
      toolsAndSkills: texts(page.toolsAndSkills, 'servicesPage.toolsAndSkills'),
    };
    if (page.areas !== undefined) {
      servicesPage.areas = c.array(page.areas, 'servicesPage.areas').map((entry, i) => {
        const area = c.object(entry, `servicesPage.areas[${i}]`);
        const subFamily = c.slug(area.subFamily, `servicesPage.areas[${i}].subFamily`);
        if (!subFamilies.some((sub) => sub.slug === subFamily)) {
          c.fail(`servicesPage.areas[${i}].subFamily "${subFamily}" is not one of its sub-families`);
        }
        return { subFamily, label: c.text(area.label, `servicesPage.areas[${i}].label`, 120) };
      });
    }
  }
  return {
    slug,
    name: c.text(data.name, 'name', 120),
    description: c.text(data.description, 'description'),
    icon: data.icon === undefined ? DEFAULT_FAMILY_ICON : c.slug(data.icon, 'icon'),
    position: position as number,
    subFamilies,
    tools,
    optionLists: c.optionLists(data.optionLists, 'optionLists'),
    servicesPage,
  };
}

function sharedOf(raw: unknown): SharedData {
  const c = check('shared.json');
  const data = c.object(raw, 'the file');
  const estimatedBudgets = c.array(data.estimatedBudgets ?? [], 'estimatedBudgets').map((entry, i) => {
    const budget = c.object(entry, `estimatedBudgets[${i}]`);
    const number = (value: unknown, where: string) =>
      typeof value === 'number' && Number.isFinite(value) ? value : c.fail(`${where} must be a number`);
    return {
      slug: c.slug(budget.slug, `estimatedBudgets[${i}].slug`),
      label: c.text(budget.label, `estimatedBudgets[${i}].label`, 120),
      min: number(budget.min, `estimatedBudgets[${i}].min`),
      max: budget.max === null ? null : number(budget.max, `estimatedBudgets[${i}].max`),
    };
  });
  c.unique(
    estimatedBudgets.map((budget) => budget.slug),
    'estimatedBudgets',
  );
  return { optionLists: c.optionLists(data.optionLists, 'optionLists'), estimatedBudgets };
}

/** Reads and checks the folder; a mistake stops the start-up with the file and field named. */
export function loadCatalogueData(dir: string = CATALOGUE_DATA_DIR): CatalogueData {
  const familiesDir = path.join(dir, 'families');
  const families = readdirSync(familiesDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => familyOf(name, readJson(path.join(familiesDir, name))))
    .sort((a, b) => a.position - b.position || (a.slug < b.slug ? -1 : 1));
  const shared = sharedOf(readJson(path.join(dir, 'shared.json')));

  // A tool is filed under one family: the slug is the catalogue's key, the name what people search.
  const tools = new Map<string, string>();
  for (const family of families) {
    for (const tool of family.tools) {
      const key = `name:${tool.name.toLowerCase()}`;
      const other = tools.get(tool.slug) ?? tools.get(key);
      if (other)
        throw new DataFileError(`families/${family.slug}.json`, `tool ${tool.name} is also listed under ${other}`);
      tools.set(tool.slug, family.slug).set(key, family.slug);
    }
  }

  const hash = createHash('sha256')
    .update(JSON.stringify({ format: SYNC_FORMAT, families, shared }))
    .digest('hex');
  return { families, shared, hash };
}

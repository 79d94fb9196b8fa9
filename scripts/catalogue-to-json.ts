/**
 * One-off: writes src/server/catalogue-data/ (one JSON file per family, shared.json) from the
 * lists scripts/catalogue-data.ts turned into migration 0003, and the services page's texts from
 * src/web/features/content/serviceCatalogue.ts. Run once, then removed with the generator.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { slugOf } from './catalogue-data';
import { FAMILIES } from './catalogue/families';
import { ESTIMATED_BUDGETS, FAMILY_LISTS, LOOKUP_LISTS } from './catalogue/options';
import { TOOLS } from './catalogue/tools';
import { SERVICE_CATALOGUE } from '../src/web/features/content/serviceCatalogue';

const OUT = fileURLToPath(new URL('../src/server/catalogue-data/', import.meta.url));
const ICONS: Record<string, string> = {
  'web-design-and-development': 'browser',
  'mobile-app': 'mobile',
  'data-and-analytics': 'bar-chart',
  'software-development': 'code',
  'finance-transformation': 'trend-up',
  'machine-learning-and-ai': 'chip',
};
const write = (file: string, data: unknown) => writeFileSync(`${OUT}${file}`, `${JSON.stringify(data, null, 2)}\n`);
const options = (list: [string, string][]) => list.map(([slug, label]) => ({ slug, label }));

FAMILIES.forEach((family, index) => {
  const page = SERVICE_CATALOGUE.find((entry) => entry.slug === family.slug)!;
  write(`families/${family.slug}.json`, {
    slug: family.slug,
    name: family.name,
    description: family.description,
    icon: ICONS[family.slug],
    position: index + 1,
    subFamilies: family.subFamilies,
    tools: (TOOLS[family.slug] ?? []).map((entry) => {
      const [name, slug] = entry.split('|') as [string, string | undefined];
      return { slug: slug ?? slugOf(name), name };
    }),
    optionLists: Object.fromEntries(
      Object.entries(FAMILY_LISTS[family.slug] ?? {}).map(([list, entries]) => [list, options(entries)]),
    ),
    servicesPage: {
      overview: page.overview,
      typicalProjects: page.typicalProjects,
      toolsAndSkills: page.toolsAndSkills,
      ...(page.areas
        ? {
            areas: page.areas.map((area) => ({
              subFamily: area.to.replace(/\/$/, '').split('/').pop(),
              label: area.label,
            })),
          }
        : {}),
    },
  });
});
write('shared.json', {
  optionLists: Object.fromEntries(Object.entries(LOOKUP_LISTS).map(([list, entries]) => [list, options(entries)])),
  estimatedBudgets: ESTIMATED_BUDGETS,
});

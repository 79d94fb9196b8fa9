import type { RequestHandler } from 'msw';
import type { CatalogueServiceFamily } from '../../src/web/api/generated/model';
import { answer } from '../handlers';

/**
 * The service families as the server answers them, made from the same data files it writes into
 * the catalogue (src/server/catalogue-data/families/*.json), so mock mode and the component
 * tests show the real families, and a family file added there shows up in them too.
 */
const files = import.meta.glob<FamilyFile>('../../src/server/catalogue-data/families/*.json', {
  eager: true,
  import: 'default',
});

/** What a family's data file holds that the call passes on (data-files.ts checks the rest). */
export interface FamilyFile {
  slug: string;
  name: string;
  description: string;
  icon?: string;
  position: number;
  subFamilies?: { slug: string; name: string; description: string }[];
  servicesPage?: {
    overview: string;
    typicalProjects: string[];
    toolsAndSkills: string[];
    areas?: { subFamily: string; label: string }[];
  } | null;
}

/** The call's answer for these files: by position then slug, `default` icon when none is named. */
export function familiesFromFiles(families: readonly FamilyFile[] = Object.values(files)): CatalogueServiceFamily[] {
  return [...families]
    .sort((a, b) => a.position - b.position || (a.slug < b.slug ? -1 : 1))
    .map((family) => ({
      slug: family.slug,
      name: family.name,
      description: family.description,
      icon: family.icon ?? 'default',
      subFamilies: family.subFamilies ?? [],
      servicesPage: family.servicesPage ? { ...family.servicesPage, areas: family.servicesPage.areas ?? [] } : null,
    }));
}

export function serviceFamiliesHandler(families: CatalogueServiceFamily[] = familiesFromFiles()): RequestHandler {
  return answer('ListServiceFamilies', { status: 'success', message: 'OK', data: families });
}

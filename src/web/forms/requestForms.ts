/**
 * The request wizard's families. Which families have forms is the build's: forms/index.json
 * and its folders, bundled when the app is built. Their names and descriptions are the
 * catalogue's (`GET /service/families/all/`, from the server's data files). So a family added
 * as a forms/ folder and a catalogue data file is offered with no change to the web app.
 */
import { useMemo } from 'react';
import type { CatalogueServiceFamily } from '@/api/generated/model';
import { humanisedSlug } from '@/lib/format';
import { useServiceFamilyList, type ServiceFamilyState } from '@/ui/serviceFamilyList';
import { formEntries } from './formFiles';
import type { FormEntry } from './types';

/** The product-request forms (NetSuite, React) live on their product pages, not in this wizard. */
const WIZARD_KIND = 'service-request';

export interface RequestFamily {
  slug: string;
  name: string;
  description: string;
  forms: FormEntry[];
}

/**
 * A family's name until the catalogue answers (or when it has no such family): the title of
 * its one form, else its slug in words (the first form of a family with several is a sub-family's).
 */
function provisionalName(entry: FormEntry): string {
  return entry.subFamily ? humanisedSlug(entry.family) : entry.title;
}

/**
 * The families that have request forms, in forms/index.json's order, with their forms; named
 * and described by `catalogue` (the catalogue call's families) where it has them.
 */
export function requestFamilies(
  entries: FormEntry[] = formEntries(),
  catalogue: readonly CatalogueServiceFamily[] = [],
): RequestFamily[] {
  const families = new Map<string, RequestFamily>();
  for (const entry of entries) {
    if (entry.kind !== WIZARD_KIND) continue;
    let family = families.get(entry.family);
    if (!family) {
      const known = catalogue.find((f) => f.slug === entry.family);
      // A family whose catalogue data is missing (or not loaded yet) still gets offered.
      family = {
        slug: entry.family,
        name: known?.name ?? provisionalName(entry),
        description: known?.description ?? '',
        forms: [],
      };
      families.set(entry.family, family);
    }
    family.forms.push(entry);
  }
  return [...families.values()];
}

/**
 * The families with request forms of the app's build (or of `entries`), named by the catalogue
 * call; `status` is the call's, so a page can wait for the names.
 */
export function useRequestFamilies(entries?: FormEntry[]): {
  status: ServiceFamilyState['status'];
  families: RequestFamily[];
} {
  const list = useServiceFamilyList();
  const families = useMemo(() => requestFamilies(entries, list.families), [entries, list.families]);
  return { status: list.status, families };
}

/** One family of `useRequestFamilies`, named by the catalogue call once it answers. */
export function useNamedFamily(family: RequestFamily): RequestFamily {
  const known = useServiceFamilyList().families?.find((candidate) => candidate.slug === family.slug);
  return known ? { ...family, name: known.name, description: known.description } : family;
}

export function findFamily(slug: string): RequestFamily | undefined {
  return requestFamilies().find((family) => family.slug === slug);
}

/** The one form of a family, or undefined when it has sub-families to choose from. */
export function familyForm(family: RequestFamily): FormEntry | undefined {
  return family.forms.length === 1 && family.forms[0]?.subFamily === null ? family.forms[0] : undefined;
}

export function subFamilyForm(family: RequestFamily, subFamily: string): FormEntry | undefined {
  return family.forms.find((form) => form.subFamily === subFamily);
}

/** The browser key of a form's draft: `request_draft_<form-id>` without the `requests/` group. */
export function draftKey(entry: FormEntry): string {
  return `request_draft_${entry.id.replace(/^requests\//, '')}`;
}

import { formEntries } from './formFiles';
import type { FormEntry } from './types';
import { SERVICE_FAMILIES } from '@/lib/serviceFamilies';

/** The product-request forms (NetSuite, React) live on their product pages, not in this wizard. */
const WIZARD_KIND = 'service-request';

export interface RequestFamily {
  slug: string;
  name: string;
  description: string;
  forms: FormEntry[];
}

/** The families that have request forms, in forms/index.json's order, with their forms. */
export function requestFamilies(entries: FormEntry[] = formEntries()): RequestFamily[] {
  const families = new Map<string, RequestFamily>();
  for (const entry of entries) {
    if (entry.kind !== WIZARD_KIND) continue;
    let family = families.get(entry.family);
    if (!family) {
      const known = SERVICE_FAMILIES.find((f) => f.slug === entry.family);
      // A family added to the files before its description is written still gets offered.
      family = {
        slug: entry.family,
        name: known?.name ?? entry.title,
        description: known?.description ?? '',
        forms: [],
      };
      families.set(entry.family, family);
    }
    family.forms.push(entry);
  }
  return [...families.values()];
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

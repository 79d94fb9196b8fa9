import { loadForm, type LoadedForm } from '@/forms/formFiles';
import { pageNotFound } from '@/lib/httpErrors';
import { familyForm, findFamily, subFamilyForm, type RequestFamily } from '@/forms/requestForms';

function familyOr404(sid: string): RequestFamily {
  const family = findFamily(sid);
  if (!family) throw pageNotFound();
  return family;
}

/** `/request/new/{sid}/`: the family's form, or its sub-family chooser when it has several. */
export async function loadFamilyPage(sid: string): Promise<{ family: RequestFamily; form: LoadedForm | null }> {
  const family = familyOr404(sid);
  const entry = familyForm(family);
  return { family, form: entry ? await loadForm(entry) : null };
}

/** `/request/new/{sid}/{ssid}/`: the sub-family's form. */
export async function loadSubFamilyForm(sid: string, ssid: string): Promise<LoadedForm> {
  const entry = subFamilyForm(familyOr404(sid), ssid);
  if (!entry) throw pageNotFound();
  return loadForm(entry);
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, type ProfileRow, type UserRow } from '../../db/schema';
import { validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { catalogueService } from '../catalogue/service';
import { refreshListing, resolvePlace, accountOf, saveSection, SECTION } from '../providers';

type Schemas = components['schemas'];

let timeZones: Set<string> | undefined;

/** An IANA time zone this server's time-zone database knows (its list, or any name it accepts). */
function knownTimeZone(zone: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (timeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The settings "Personal details" of a client (CL2) or a freelancer (F19): names not blank, a
 * known time zone, the state one of the country's (required when the country has states). The
 * names go to the account, the rest to the profile section; a freelancer's listing follows.
 */
export async function updatePersonalDetails(
  db: Database,
  userId: string,
  input: Schemas['AccountPersonalDetailsInput'],
): Promise<Schemas['AccountPersonalDetails']> {
  const errors: FieldError[] = [];
  const firstname = input.firstname.trim();
  const lastname = input.lastname.trim();
  const city = input.city.trim();
  if (!firstname) errors.push({ field: 'firstname', message: 'must not be empty' });
  if (!lastname) errors.push({ field: 'lastname', message: 'must not be empty' });
  if (!city) errors.push({ field: 'city', message: 'must not be empty' });
  if (!knownTimeZone(input.timezone)) errors.push({ field: 'timezone', message: 'is not a time zone we know' });
  const place = await resolvePlace(db, input.country, input.state);
  if (Array.isArray(place)) errors.push(...place);
  else if (!place.state && (await catalogueService(db).countryStates(input.country)).length > 0) {
    errors.push({ field: 'state', message: `is required for ${place.countryName}` });
  }
  if (errors.length > 0 || Array.isArray(place)) throw validationFailed(errors);

  const details = {
    firstname,
    lastname,
    phone: input.phone ?? null,
    country: place.country,
    state: place.state,
    city,
    timezone: input.timezone,
  };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const user = await accountOf(tx, userId);
    await tx.update(users).set({ firstname, lastname, updatedAt: new Date() }).where(eq(users.id, user.id));
    const section = await saveSection(tx, user, SECTION.personalDetails, details);
    await refreshListing(tx, user.id);
    return {
      ...details,
      displayName: `${firstname} ${lastname}`,
      email: user.email,
      countryName: place.countryName,
      stateName: place.stateName,
      updatedAt: section.savedAt,
    };
  });
}

/** What `updatePersonalDetails` stores in the profile section (the names live on the account). */
interface PersonalDetailsData {
  phone: string | null;
  country: string;
  state: string | null;
  city: string;
  timezone: string;
}

/** The personal details as last saved, names resolved; null before the section is saved once. */
export async function readPersonalDetails(
  db: Database,
  user: UserRow,
  profile: ProfileRow | null,
): Promise<Schemas['AccountPersonalDetails'] | null> {
  const section = profile?.sections[SECTION.personalDetails];
  if (!section) return null;
  const data = section.data as PersonalDetailsData;
  const place = await resolvePlace(db, data.country, data.state);
  // A country or state taken out of the catalogue since: the codes stay, the names fall back to them.
  const names = Array.isArray(place)
    ? { countryName: data.country, stateName: data.state }
    : { countryName: place.countryName, stateName: place.stateName };
  const firstname = user.firstname ?? '';
  const lastname = user.lastname ?? '';
  return {
    firstname,
    lastname,
    displayName: `${firstname} ${lastname}`.trim(),
    email: user.email,
    phone: data.phone ?? null,
    country: data.country,
    state: data.state ?? null,
    city: data.city,
    timezone: data.timezone,
    ...names,
    updatedAt: section.savedAt,
  };
}

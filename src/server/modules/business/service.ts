import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, type ProfileRow, type UserRow } from '../../db/schema';
import { conflict, notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { catalogueService, LOOKUP_LIST } from '../catalogue/service';
import { claimImage, findUpload, releaseAttached } from '../uploads/service';
import {
  refreshListing,
  resolvePlace,
  accountOf,
  findProfile,
  hasSection,
  lockProfile,
  saveSection,
  sectionData,
  SECTION,
  type SectionKey,
  businessNextStep,
  loadProviderState,
  loadTaxonomy,
  type Taxonomy,
  updateProfileColumns,
} from '../providers';
import * as queries from './queries';
import {
  aboutFields,
  aboutView,
  competitorsView,
  detailsView,
  locationValues,
  locationView,
  personalContactView,
  publicReviews,
  socialProfilesView,
  type AboutData,
  type DetailsData,
  type Labels,
  type SocialProfilesData,
} from './views';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type Mode = 'set' | 'update';

/** A business has at most this many offices. */
export const MAX_LOCATIONS = 20;

const LOGO_NOT_YOURS = 'is not an image you uploaded, or it is already used for something else';

/** What each section's "set twice" and "update before set" conflicts say. */
const CONFLICTS: Record<string, Record<Mode, string>> = {
  [SECTION.businessDetails]: {
    set: 'Your business details are already saved. Change them from your profile instead.',
    update: 'Save your business details first.',
  },
  [SECTION.personalContact]: {
    set: 'Your personal contact is already saved. Change it from your profile instead.',
    update: 'Save your personal contact first.',
  },
  [SECTION.businessAbout]: {
    set: 'Your about section is already saved. Change it from your profile instead.',
    update: 'Save your about section first.',
  },
  [SECTION.socialProfiles]: {
    set: 'Your social profiles are already saved. Change them from your profile instead.',
    update: 'Save your social profiles first.',
  },
  [SECTION.competitors]: {
    set: 'Your competitors are already saved. Change them from your profile instead.',
    update: 'Save your competitors first.',
  },
};

/** "Set" works once, "update" only after a set. */
function guardSection(profile: ProfileRow | null, key: SectionKey, mode: Mode): void {
  const saved = hasSection(profile, key);
  if (mode === 'set' && saved) throw conflict(CONFLICTS[key]!.set);
  if (mode === 'update' && !saved) throw conflict(CONFLICTS[key]!.update);
}

/** Labels for a details and about pair, read from the catalogue. */
async function loadLabels(
  db: Database,
  details: Pick<DetailsData, 'businessType' | 'industry'> | undefined,
  about: Pick<AboutData, 'languages'> | undefined,
  taxonomy?: Taxonomy,
): Promise<Labels> {
  // `db` may be a transaction: one query at a time on its connection.
  const services = taxonomy ?? (await loadTaxonomy(db));
  const catalogue = catalogueService(db);
  const businessTypes = await catalogue.optionLabels(LOOKUP_LIST.businessType, details ? [details.businessType] : []);
  const industries = await catalogue.optionLabels(LOOKUP_LIST.industryType, details ? [details.industry] : []);
  const languages = await queries.languageNames(db, about?.languages ?? []);
  return { taxonomy: services, businessTypes, industries, languages };
}

/** Field errors for an about section whose services or languages the catalogue does not have. */
function checkAbout(taxonomy: Taxonomy, languages: Map<string, string>, input: AboutData): FieldError[] {
  const errors: FieldError[] = [];
  input.services.forEach((slug, index) => {
    if (taxonomy.find(slug)) return;
    const [family, sub] = slug.split('/');
    const message =
      sub !== undefined && taxonomy.find(family!)
        ? `is not a sub-service of ${family}`
        : 'is not a service or sub-service we offer';
    errors.push({ field: `services.${index}`, message });
  });
  input.languages.forEach((code, index) => {
    if (!languages.has(code)) errors.push({ field: `languages.${index}`, message: 'is not a language we know' });
  });
  return errors;
}

/** The same site whatever the scheme, `www.` or trailing slash. */
function siteKey(website: string): string {
  try {
    const url = new URL(website);
    return `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}${url.search}`.toLowerCase();
  } catch {
    return website.toLowerCase();
  }
}

/** The business provider calls: onboarding sections, offices, lookup lists and the public profile. */
export const businessService = perApp((deps: Pick<AppDeps, 'db'>) => {
  const db = deps.db;

  /** One transaction holding the business's profile lock, so "set once" checks cannot race. */
  function write<T>(userId: string, work: (tx: Database, user: UserRow) => Promise<T>): Promise<T> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const user = await accountOf(tx, userId);
      await lockProfile(tx, user);
      return work(tx, user);
    });
  }

  /** Updates the directory columns and answers the next onboarding step. */
  async function afterWrite(tx: Database, user: UserRow): Promise<Schemas['BusinessOnboardingNextStep']> {
    await refreshListing(tx, user.id);
    return businessNextStep(await loadProviderState(tx, user)) as Schemas['BusinessOnboardingNextStep'];
  }

  async function placeErrors(
    tx: Database,
    locations: Schemas['BusinessLocationInput'][],
    prefix: (index: number) => string,
  ): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    for (const [index, location] of locations.entries()) {
      const place = await resolvePlace(tx, location.country, location.state, prefix(index));
      if (Array.isArray(place)) errors.push(...place);
    }
    return errors;
  }

  return {
    saveDetails: (userId: string, input: DetailsData, mode: Mode) =>
      write(userId, async (tx, user) => {
        const errors: FieldError[] = [];
        // One query at a time on the transaction's connection.
        // Offered options only: one taken out of the catalogue stays on profiles that have it, but is not chosen anew.
        const types = await catalogueService(tx).options(LOOKUP_LIST.businessType);
        const industries = await catalogueService(tx).options(LOOKUP_LIST.industryType);
        if (!types.some((option) => option.slug === input.businessType)) {
          errors.push({ field: 'businessType', message: 'is not a business type we know' });
        }
        if (!industries.some((option) => option.slug === input.industry)) {
          errors.push({ field: 'industry', message: 'is not an industry we know' });
        }
        const logoTarget = { type: queries.LOGO_ATTACHMENT, id: user.id };
        const logo = input.logo ? await claimImage(tx, user.id, input.logo, logoTarget) : null;
        if (input.logo && !logo) errors.push({ field: 'logo', message: LOGO_NOT_YOURS });
        if (errors.length > 0) throw validationFailed(errors);
        guardSection(await findProfile(tx, user.id), SECTION.businessDetails, mode);

        await releaseAttached(tx, logoTarget, logo?.id ?? null);
        // The logo is the profile image (one store): the details keep everything else.
        const { logo: _logo, ...data } = input;
        await updateProfileColumns(tx, user, { imageId: logo?.id ?? null });
        const section = await saveSection(tx, user, SECTION.businessDetails, data);
        // The details' name is the business's display name everywhere; its public id never changes.
        await tx
          .update(users)
          .set({ companyname: input.companyName, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        const nextStep = await afterWrite(tx, user);
        return { details: detailsView(user.companyId!, section, logo), nextStep };
      }),

    savePersonalContact: (userId: string, input: Schemas['BusinessPersonalContactInput'], mode: Mode) =>
      write(userId, async (tx, user) => {
        guardSection(await findProfile(tx, user.id), SECTION.personalContact, mode);
        const section = await saveSection(tx, user, SECTION.personalContact, input);
        const nextStep = await afterWrite(tx, user);
        return { personalContact: personalContactView(section), nextStep };
      }),

    saveAbout: (userId: string, input: AboutData, mode: Mode) =>
      write(userId, async (tx, user) => {
        const labels = await loadLabels(tx, undefined, input);
        const errors = checkAbout(labels.taxonomy, labels.languages, input);
        if (errors.length > 0) throw validationFailed(errors);
        guardSection(await findProfile(tx, user.id), SECTION.businessAbout, mode);
        const section = await saveSection(tx, user, SECTION.businessAbout, input);
        const nextStep = await afterWrite(tx, user);
        return { about: aboutView(section, labels), nextStep };
      }),

    /** The first offices (onboarding), exactly one of them the headquarters; once only. */
    setLocations: (userId: string, input: Schemas['BusinessLocationsInput']) =>
      write(userId, async (tx, user) => {
        const errors = await placeErrors(tx, input.locations, (index) => `locations.${index}.`);
        const headquarters = input.locations.filter((location) => location.isHeadquarters).length;
        if (headquarters !== 1) {
          errors.push({
            field: 'locations',
            message: headquarters === 0 ? 'must include the headquarters' : 'must have exactly one headquarters',
          });
        }
        if (errors.length > 0) throw validationFailed(errors);
        if ((await queries.listLocations(tx, user.id)).length > 0) {
          throw conflict('Your offices are already saved. Add or change one from your profile instead.');
        }
        await queries.insertLocations(
          tx,
          user.id,
          input.locations.map((location, position) => ({ ...locationValues(location), position })),
        );
        const nextStep = await afterWrite(tx, user);
        return { locations: (await queries.listLocations(tx, user.id)).map(locationView), nextStep };
      }),

    /** One more office; the first one is the headquarters whatever the flag says. */
    addLocation: (userId: string, input: Schemas['BusinessLocationInput']) =>
      write(userId, async (tx, user) => {
        const errors = await placeErrors(tx, [input], () => '');
        if (errors.length > 0) throw validationFailed(errors);
        const existing = await queries.listLocations(tx, user.id);
        if (existing.length >= MAX_LOCATIONS) {
          throw conflict(`You already have ${MAX_LOCATIONS} offices, the most a business can list.`);
        }
        const isHeadquarters = existing.length === 0 || input.isHeadquarters;
        if (isHeadquarters) await queries.clearHeadquarters(tx, user.id);
        const position = await queries.nextLocationPosition(tx, user.id);
        const [row] = await queries.insertLocations(tx, user.id, [
          { ...locationValues(input, isHeadquarters), position },
        ]);
        await refreshListing(tx, user.id);
        return locationView(row!);
      }),

    /** Replaces one of the caller's offices; another business's office is not found. */
    updateLocation: (userId: string, id: string, input: Schemas['BusinessLocationInput']) =>
      write(userId, async (tx, user) => {
        const row = await queries.findLocation(tx, user.id, id);
        if (!row) throw notFound('We could not find this office.');
        const errors = await placeErrors(tx, [input], () => '');
        if (errors.length > 0) throw validationFailed(errors);
        if (row.isHeadquarters && !input.isHeadquarters) {
          throw conflict('This office is your headquarters. Mark another office as the headquarters instead.');
        }
        if (input.isHeadquarters && !row.isHeadquarters) await queries.clearHeadquarters(tx, user.id, row.id);
        const updated = await queries.updateLocation(tx, row.id, locationValues(input));
        await refreshListing(tx, user.id);
        return locationView(updated);
      }),

    saveSocialProfiles: (userId: string, input: SocialProfilesData, mode: Mode) =>
      write(userId, async (tx, user) => {
        guardSection(await findProfile(tx, user.id), SECTION.socialProfiles, mode);
        await saveSection(tx, user, SECTION.socialProfiles, input);
        const nextStep = await afterWrite(tx, user);
        return { socialProfiles: socialProfilesView(input), nextStep };
      }),

    saveCompetitors: (userId: string, input: Schemas['BusinessCompetitorsInput'], mode: Mode) =>
      write(userId, async (tx, user) => {
        const seen = new Set<string>();
        const errors: FieldError[] = [];
        input.competitors.forEach((competitor, index) => {
          const key = siteKey(competitor.website);
          if (seen.has(key)) errors.push({ field: `competitors.${index}.website`, message: 'is listed twice' });
          seen.add(key);
        });
        if (errors.length > 0) throw validationFailed(errors);
        guardSection(await findProfile(tx, user.id), SECTION.competitors, mode);
        const section = await saveSection(tx, user, SECTION.competitors, input);
        const nextStep = await afterWrite(tx, user);
        return { competitors: competitorsView(section), nextStep };
      }),

    services: async (): Promise<Schemas['ProviderServiceOption'][]> => (await loadTaxonomy(db)).options,

    /** Every section of the caller's profile as last saved, private ones included; null until saved. */
    async ownProfile(userId: string): Promise<Schemas['BusinessOwnProfile']> {
      const user = await accountOf(db, userId);
      const profile = await findProfile(db, user.id);
      const section = (key: SectionKey) => profile?.sections[key];
      const details = section(SECTION.businessDetails);
      const about = section(SECTION.businessAbout);
      const social = section(SECTION.socialProfiles);
      const contact = section(SECTION.personalContact);
      const competitors = section(SECTION.competitors);
      // One query at a time: the labels, the offices, then the logo.
      const labels = about ? await loadLabels(db, undefined, about.data as AboutData) : null;
      const locations = await queries.listLocations(db, user.id);
      const logo = profile?.imageId ? await findUpload(db, profile.imageId) : null;
      return {
        companyId: user.companyId!,
        details: details ? detailsView(user.companyId!, details, logo) : null,
        personalContact: contact ? personalContactView(contact) : null,
        about: about && labels ? aboutView(about, labels) : null,
        locations: locations.map(locationView),
        socialProfiles: social ? socialProfilesView(social.data as SocialProfilesData) : null,
        competitors: competitors ? competitorsView(competitors) : null,
      };
    },

    /** The public page of a listed business (onboarding complete); anything else is not found. */
    async publicProfile(companyId: string): Promise<Schemas['BusinessPublicProfile']> {
      const found = await queries.findListedBusiness(db, companyId);
      const details = sectionData<DetailsData>(found?.profile ?? null, SECTION.businessDetails);
      const about = sectionData<AboutData>(found?.profile ?? null, SECTION.businessAbout);
      const social = sectionData<SocialProfilesData>(found?.profile ?? null, SECTION.socialProfiles);
      if (!found || !details || !about || !social) throw notFound('We could not find this business.');
      const { user } = found;
      const logoId = found.profile.imageId;
      const [labels, locations, references, logo] = await Promise.all([
        loadLabels(db, details, about),
        queries.listLocations(db, user.id),
        queries.listVisibleReferences(db, user.id),
        logoId ? findUpload(db, logoId) : Promise.resolve(null),
      ]);
      const { logoUrl } = detailsView(user.companyId!, { data: details, savedAt: '' }, logo);
      return {
        companyId: user.companyId!,
        accountId: user.id,
        name: details.companyName,
        logoUrl,
        tagline: details.tagline,
        description: details.description,
        website: details.website,
        foundedYear: details.foundedYear,
        businessType: {
          slug: details.businessType,
          label: labels.businessTypes.get(details.businessType) ?? details.businessType,
        },
        industry: { slug: details.industry, label: labels.industries.get(details.industry) ?? details.industry },
        ...aboutFields(about, labels),
        locations: locations.map(locationView),
        socialProfiles: socialProfilesView(social),
        ...publicReviews(references),
        badge: null,
        memberSince: user.createdAt.toISOString(),
      };
    },
  };
});

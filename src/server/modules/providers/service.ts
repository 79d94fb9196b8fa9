import type { Database } from '../../db/database';
import type { ProviderServiceRow } from '../../db/schema';
import { conflict, notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { refreshListing } from './listing';
import { resolvePlace } from './places';
import { accountOf, findProfile, lockProfile, saveSection, SECTION, updateProfileColumns } from './profile-store';
import { loadProviderState, nextStep, primaryService } from './progress';
import {
  familiesOfferedWith,
  listProviderServices,
  projectCounts,
  replaceOtherServices,
  replacePrimaryService,
} from './services-store';
import { loadTaxonomy, summary, type Taxonomy } from './taxonomy';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type LeadsInput = Schemas['ProviderLeadsLocationInput'];

const RELATED_SERVICES = 5;

function primaryServiceView(
  taxonomy: Taxonomy,
  row: ProviderServiceRow,
  counts: Map<string, number>,
): Schemas['ProviderPrimaryService'] {
  return {
    slug: row.family,
    label: taxonomy.label(row.family),
    subServices: row.subFamilies.map((slug) => summary(taxonomy, slug)),
    projectCount: counts.get(row.family) ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The sub-families to store, after checking the family and each sub-family against the catalogue. */
function checkPrimaryInput(taxonomy: Taxonomy, input: Schemas['ProviderPrimaryServiceInput']): string[] {
  const errors: FieldError[] = [];
  const family = taxonomy.find(input.serviceSlug);
  if (!family || family.parentSlug !== null) {
    errors.push({ field: 'serviceSlug', message: 'is not a service family we offer' });
  }
  const subs = input.subServiceSlugs ?? [];
  subs.forEach((slug, index) => {
    if (taxonomy.find(slug)?.parentSlug !== input.serviceSlug) {
      errors.push({ field: `subServiceSlugs.${index}`, message: `is not a sub-service of ${input.serviceSlug}` });
    }
  });
  if (errors.length > 0) throw validationFailed(errors);
  return subs;
}

async function leadsView(db: Database, input: LeadsInput): Promise<Schemas['ProviderLeadsLocation']> {
  if (input.type === 'worldwide') {
    return { type: 'worldwide', country: null, countryName: null, state: null, stateName: null, label: 'Worldwide' };
  }
  const place = await resolvePlace(db, input.country, input.state);
  if (Array.isArray(place)) throw validationFailed(place);
  return { type: 'custom', ...place };
}

/** What freelancers and businesses share: primary and other services, leads location, related services. */
export const providerService = perApp((deps: Pick<AppDeps, 'db'>) => {
  const db = deps.db;

  async function savePrimary(userId: string, input: Schemas['ProviderPrimaryServiceInput'], mode: 'set' | 'update') {
    const taxonomy = await loadTaxonomy(db);
    const subs = checkPrimaryInput(taxonomy, input);
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const user = await accountOf(tx, userId);
      await lockProfile(tx, user);
      const existing = (await listProviderServices(tx, user.id)).find((service) => service.isPrimary);
      if (mode === 'set' && existing) {
        throw conflict('Your primary service is already set. Change it from your profile instead.');
      }
      if (mode === 'update' && !existing) throw conflict('Choose a primary service first.');
      await replacePrimaryService(tx, user.id, input.serviceSlug, subs);
      await refreshListing(tx, user.id);
      const state = await loadProviderState(tx, user);
      const counts = await projectCounts(tx, user.id);
      return {
        primaryService: primaryServiceView(taxonomy, primaryService(state)!, counts),
        nextStep: nextStep(state),
      };
    });
  }

  async function saveLeads(userId: string, input: LeadsInput, mode: 'set' | 'update') {
    const leadsLocation = await leadsView(db, input);
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const user = await accountOf(tx, userId);
      await lockProfile(tx, user);
      const profile = await findProfile(tx, user.id);
      if (mode === 'set' && profile?.leadsType) {
        throw conflict('Your leads location is already set. Change it from your profile instead.');
      }
      if (mode === 'update' && !profile?.leadsType) throw conflict('Choose where your leads come from first.');
      await updateProfileColumns(tx, user, {
        leadsType: leadsLocation.type,
        leadsCountry: leadsLocation.country,
        leadsState: leadsLocation.state,
      });
      await refreshListing(tx, user.id);
      return { leadsLocation, nextStep: nextStep(await loadProviderState(tx, user)) };
    });
  }

  return {
    setPrimary: (userId: string, input: Schemas['ProviderPrimaryServiceInput']) => savePrimary(userId, input, 'set'),
    updatePrimary: (userId: string, input: Schemas['ProviderPrimaryServiceInput']) =>
      savePrimary(userId, input, 'update'),
    setLeads: (userId: string, input: LeadsInput) => saveLeads(userId, input, 'set'),
    updateLeads: (userId: string, input: LeadsInput) => saveLeads(userId, input, 'update'),

    /** Families that are neither the primary service nor already other services. */
    async remainingOtherServices(userId: string): Promise<Schemas['ProviderServiceOption'][]> {
      const [taxonomy, services] = await Promise.all([loadTaxonomy(db), listProviderServices(db, userId)]);
      const taken = new Set(services.map((service) => service.family));
      return taxonomy.families.filter((family) => !taken.has(family.slug));
    },

    async updateOtherServices(userId: string, input: Schemas['ProviderOtherServicesInput']) {
      const taxonomy = await loadTaxonomy(db);
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const user = await accountOf(tx, userId);
        await lockProfile(tx, user);
        const primary = (await listProviderServices(tx, user.id)).find((service) => service.isPrimary);
        const errors: FieldError[] = [];
        input.serviceSlugs.forEach((slug, index) => {
          if (taxonomy.find(slug)?.parentSlug !== null) {
            errors.push({ field: `serviceSlugs.${index}`, message: 'is not a service family we offer' });
          } else if (slug === primary?.family) {
            errors.push({ field: `serviceSlugs.${index}`, message: 'is already your primary service' });
          }
        });
        if (errors.length > 0) throw validationFailed(errors);
        await replaceOtherServices(tx, user.id, input.serviceSlugs);
        await saveSection(tx, user, SECTION.otherServices, { serviceSlugs: input.serviceSlugs });
        await refreshListing(tx, user.id);
        const counts = await projectCounts(tx, user.id);
        const state = await loadProviderState(tx, user);
        const step = nextStep(state);
        return {
          otherServices: input.serviceSlugs.map((slug) => ({
            slug,
            label: taxonomy.label(slug),
            projectCount: counts.get(slug) ?? 0,
          })),
          nextStep: user.accountType === 'freelancer' ? step : null,
        };
      });
    },

    /** A family, its sub-families, and the families its providers most often offer too. */
    async relatedServices(slug: string): Promise<Schemas['ProviderRelatedServices']> {
      const taxonomy = await loadTaxonomy(db);
      const service = taxonomy.find(slug);
      if (!service || service.parentSlug !== null) throw notFound('We could not find this service.');
      const offered = await familiesOfferedWith(db, slug, RELATED_SERVICES);
      const related = offered.map((row) => taxonomy.find(row.family)).filter((option) => option !== undefined);
      // Until providers say otherwise, the neighbouring families in display order stand in.
      for (const family of taxonomy.families) {
        if (related.length >= RELATED_SERVICES) break;
        if (family.slug !== slug && !related.includes(family)) related.push(family);
      }
      return { service, subServices: taxonomy.subFamiliesOf(slug), relatedServices: related };
    },
  };
});

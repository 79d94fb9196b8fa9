import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MultipartBody } from '../../contract/multipart';
import type { Database } from '../../db/database';
import { validateFormBody } from '../../forms/body-forms';
import { providerProjects, providerServices, type ProviderServiceRow } from '../../db/schema';
import { conflict, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { readPersonalDetails, updatePersonalDetails } from '../account';
import {
  refreshListing,
  resolvePlace,
  accountOf,
  findProfile,
  lockProfile,
  saveSection,
  SECTION,
  updateProfileColumns,
  freelancerNextStep,
  loadProviderState,
  primaryService,
  projectCounts,
  loadTaxonomy,
  summary,
} from '../providers';
import { checkCurrency, checkTools, languageNames, toolRefs, toolsById } from './lookups';
import { MAX_IMAGES, precheckFiles, stageFiles, type StagedFiles } from './project-files';
import { projectSummaries } from './project-views';
import { checkDates, ensureRoomForProject, insertProject, listOf } from './projects';
import { perApp, type AppDeps } from '../../lib/per-app';
import type { UploadDeps } from '../uploads/service';

type Schemas = components['schemas'];
type ServiceDetailsFields = Omit<Schemas['FreelancerServiceDetailsInput'], 'images'>;

/** What `provider_services.details` holds for a freelancer's service. */
export interface ServiceDetailsData {
  description: string;
  hourlyRate: { amount: number; currency: string };
  yearsOfExperience: number;
  tools: number[];
  savedAt: string;
}

export const serviceDetailsOf = (row: ProviderServiceRow) => row.details as unknown as ServiceDetailsData | null;

/** Amounts are kept to the cent. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

const PROFICIENCY_ORDER = ['native', 'fluent', 'conversational', 'basic'] as const;

/** In progress first, then by end year, then by start year, newest first. */
export function sortEducation<T extends { startYear: number; endYear: number | null }>(entries: T[]): T[] {
  const end = (entry: T) => entry.endYear ?? Number.MAX_SAFE_INTEGER;
  return [...entries].sort((a, b) => end(b) - end(a) || b.startYear - a.startYear);
}

/** Current roles first, then by end date, then by start date, newest first. */
export function sortExperience<T extends { startDate: string; endDate: string | null; current: boolean }>(
  entries: T[],
): T[] {
  return [...entries].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      (b.endDate ?? '').localeCompare(a.endDate ?? '') ||
      b.startDate.localeCompare(a.startDate),
  );
}

/** Strongest first, then by name. */
export function languageViews(
  entries: { code: string; proficiency: Schemas['FreelancerLanguageProficiency'] }[],
  names: Map<string, string>,
): Schemas['FreelancerLanguage'][] {
  return entries
    .map((entry) => ({ code: entry.code, name: names.get(entry.code) ?? entry.code, proficiency: entry.proficiency }))
    .sort(
      (a, b) =>
        PROFICIENCY_ORDER.indexOf(a.proficiency) - PROFICIENCY_ORDER.indexOf(b.proficiency) ||
        a.name.localeCompare(b.name, 'en'),
    );
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The freelancer's profile sections, services and settings (F01, F05-F08, F18-F20). */
export const freelancerService = perApp((deps: Pick<AppDeps, 'db' | 'formsDir'> & UploadDeps) => {
  const db = deps.db;

  /** Runs one write of the caller in a transaction, re-listing the profile after it. */
  function write<T>(userId: string, work: (tx: Database, user: Awaited<ReturnType<typeof accountOf>>) => Promise<T>) {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const user = await accountOf(tx, userId);
      const result = await work(tx, user);
      await refreshListing(tx, user.id);
      return result;
    });
  }

  async function serviceDetailsViews(tx: Database, userId: string): Promise<Schemas['FreelancerServiceDetails'][]> {
    const user = await accountOf(tx, userId);
    // A transaction's connection runs one query at a time.
    const state = await loadProviderState(tx, user);
    const taxonomy = await loadTaxonomy(tx);
    const counts = await projectCounts(tx, userId);
    const details = state.services.map((service) => serviceDetailsOf(service));
    const tools = await toolsById(
      tx,
      details.flatMap((detail) => detail?.tools ?? []),
    );
    const firstIds = [...state.firstProjects.values()];
    const wanted = firstIds.length
      ? await tx.select().from(providerProjects).where(inArray(providerProjects.id, firstIds))
      : [];
    const summaries = new Map(
      (await projectSummaries(tx, wanted, taxonomy)).map((summary) => [summary.service.slug as string, summary]),
    );
    return state.services.map((service, index) => {
      const detail = details[index];
      return {
        service: {
          slug: service.family as Schemas['ProviderServiceFamilySlug'],
          label: taxonomy.label(service.family),
        },
        isPrimary: service.isPrimary,
        completed: detail !== null && detail !== undefined,
        description: detail?.description ?? null,
        hourlyRate: detail ? { amount: detail.hourlyRate.amount, currency: detail.hourlyRate.currency } : null,
        yearsOfExperience: detail?.yearsOfExperience ?? null,
        tools: toolRefs(tools, detail?.tools),
        projectCount: counts.get(service.family) ?? 0,
        project: summaries.get(service.family) ?? null,
        updatedAt: detail?.savedAt ?? null,
      };
    });
  }

  return {
    async updateAbout(userId: string, input: Schemas['FreelancerAboutInput']): Promise<Schemas['FreelancerAbout']> {
      const errors = await checkCurrency(db, input.hourlyRate.currency, 'hourlyRate.currency');
      if (errors.length > 0) throw validationFailed(errors);
      const data = {
        headline: input.headline,
        about: input.about,
        hourlyRate: { amount: cents(input.hourlyRate.amount), currency: input.hourlyRate.currency },
        yearsOfExperience: input.yearsOfExperience,
        availability: input.availability,
      };
      const section = await write(userId, (tx, user) => saveSection(tx, user, SECTION.freelancerAbout, data));
      return { ...data, updatedAt: section.savedAt };
    },

    async setEducation(userId: string, input: Schemas['FreelancerEducationInput']) {
      const errors: FieldError[] = [];
      input.entries.forEach((entry, index) => {
        if (entry.endYear === null) return;
        if (entry.endYear < entry.startYear) {
          errors.push({ field: `entries.${index}.endYear`, message: 'must not be before startYear' });
        } else if (entry.endYear > entry.startYear + 12) {
          errors.push({ field: `entries.${index}.endYear`, message: 'must be at most 12 years after startYear' });
        }
      });
      if (errors.length > 0) throw validationFailed(errors);
      const entries = sortEducation(
        input.entries.map((entry) => ({
          id: randomUUID(),
          school: entry.school,
          degree: entry.degree,
          field: entry.field ?? null,
          startYear: entry.startYear,
          endYear: entry.endYear ?? null,
          description: entry.description ?? null,
        })),
      );
      await write(userId, (tx, user) => saveSection(tx, user, SECTION.education, { entries }));
      return { entries };
    },

    async setExperience(userId: string, input: Schemas['FreelancerExperienceInput']) {
      const errors: FieldError[] = [];
      const thisMonth = firstOfMonth(new Date().toISOString());
      const entries = input.entries.map((entry, index) => {
        const startDate = firstOfMonth(entry.startDate);
        const endDate = entry.endDate ? firstOfMonth(entry.endDate) : null;
        if (startDate > thisMonth)
          errors.push({ field: `entries.${index}.startDate`, message: 'must not be in the future' });
        if (entry.current && endDate !== null) {
          errors.push({ field: `entries.${index}.endDate`, message: 'must be null for a current role' });
        } else if (!entry.current && endDate === null) {
          errors.push({ field: `entries.${index}.endDate`, message: 'is required unless the role is current' });
        } else if (endDate !== null && endDate > thisMonth) {
          errors.push({ field: `entries.${index}.endDate`, message: 'must not be in the future' });
        } else if (endDate !== null && endDate < startDate) {
          errors.push({ field: `entries.${index}.endDate`, message: 'must not be before startDate' });
        }
        return {
          id: randomUUID(),
          company: entry.company,
          title: entry.title,
          location: entry.location ?? null,
          startDate,
          endDate,
          current: entry.current,
          description: entry.description ?? null,
        };
      });
      if (errors.length > 0) throw validationFailed(errors);
      const sorted = sortExperience(entries);
      await write(userId, (tx, user) => saveSection(tx, user, SECTION.experience, { entries: sorted }));
      return { entries: sorted };
    },

    async setLanguages(userId: string, input: Schemas['FreelancerLanguageInput']) {
      const names = await languageNames(db);
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      input.entries.forEach((entry, index) => {
        if (!names.has(entry.code))
          errors.push({ field: `entries.${index}.code`, message: 'is not a language we know' });
        else if (seen.has(entry.code)) errors.push({ field: `entries.${index}.code`, message: 'is listed twice' });
        seen.add(entry.code);
      });
      if (errors.length > 0) throw validationFailed(errors);
      const entries = input.entries.map((entry) => ({ code: entry.code, proficiency: entry.proficiency }));
      await write(userId, (tx, user) => saveSection(tx, user, SECTION.languages, { entries }));
      return { entries: languageViews(entries, names) };
    },

    async updateTagline(
      userId: string,
      input: Schemas['FreelancerTaglineInput'],
    ): Promise<Schemas['FreelancerTagline']> {
      const tagline = input.tagline === null ? null : input.tagline.trim();
      if (tagline !== null && tagline.length < 10) {
        throw validationFailed([{ field: 'tagline', message: 'must be at least 10 characters' }]);
      }
      await write(userId, (tx, user) => updateProfileColumns(tx, user, { tagline }));
      return { tagline, updatedAt: new Date().toISOString() };
    },

    updatePersonalDetails: (userId: string, input: Schemas['AccountPersonalDetailsInput']) =>
      updatePersonalDetails(db, userId, input),

    /** The settings sections as last saved, the private ones included; each null until saved once. */
    async settings(userId: string): Promise<Schemas['FreelancerSettings']> {
      const user = await accountOf(db, userId);
      const profile = await findProfile(db, user.id);
      const personalDetails = await readPersonalDetails(db, user, profile);
      const section = profile?.sections[SECTION.freelancerBusinessDetails];
      let businessDetails: Schemas['FreelancerBusinessDetails'] | null = null;
      if (section) {
        const data = section.data as Omit<Schemas['FreelancerBusinessDetails'], 'updatedAt' | 'address'> & {
          address: Omit<Schemas['FreelancerBusinessDetails']['address'], 'countryName' | 'stateName'>;
        };
        const place = await resolvePlace(db, data.address.country, data.address.state);
        const names = Array.isArray(place)
          ? { countryName: data.address.country, stateName: data.address.state }
          : { countryName: place.countryName, stateName: place.stateName };
        businessDetails = { ...data, address: { ...data.address, ...names }, updatedAt: section.savedAt };
      }
      const state = await loadProviderState(db, user);
      const primary = primaryService(state);
      let primaryView: Schemas['ProviderPrimaryService'] | null = null;
      const services = primary ? await serviceDetailsViews(db, userId) : [];
      if (primary) {
        const taxonomy = await loadTaxonomy(db);
        primaryView = {
          slug: primary.family as Schemas['ProviderServiceFamilySlug'],
          label: taxonomy.label(primary.family),
          subServices: primary.subFamilies.map((slug) => summary(taxonomy, slug)),
          projectCount: services.find((service) => service.isPrimary)?.projectCount ?? 0,
          updatedAt: primary.updatedAt.toISOString(),
        };
      }
      return {
        personalDetails,
        businessDetails,
        tagline: profile?.tagline ?? null,
        primaryService: primaryView,
        services,
      };
    },

    async updateBusinessDetails(
      userId: string,
      input: Schemas['FreelancerBusinessDetailsInput'],
    ): Promise<Schemas['FreelancerBusinessDetails']> {
      const place = await resolvePlace(db, input.address.country, input.address.state, 'address.');
      if (Array.isArray(place)) throw validationFailed(place);
      const data = {
        companyName: input.companyName.trim(),
        registrationNumber: input.registrationNumber ?? null,
        vatNumber: input.vatNumber ?? null,
        address: {
          country: place.country,
          state: place.state,
          city: input.address.city.trim(),
          line1: input.address.line1.trim(),
          line2: input.address.line2 ?? null,
          postalCode: input.address.postalCode ?? null,
        },
        invoiceEmail: input.invoiceEmail ?? null,
      };
      const section = await write(userId, (tx, user) => saveSection(tx, user, SECTION.freelancerBusinessDetails, data));
      return {
        ...data,
        address: { ...data.address, countryName: place.countryName, stateName: place.stateName },
        updatedAt: section.savedAt,
      };
    },

    /**
     * F05: replaces one service's details; sample images become a new project of the service.
     * The primary service's first project completes onboarding.
     */
    async setServiceDetails(
      userId: string,
      body: MultipartBody,
    ): Promise<Schemas['FreelancerServiceDetailsSetResponse']['data']> {
      const { files, ...fields } = body;
      const formErrors = validateFormBody(deps.formsDir, 'setFreelancerServiceDetails', fields);
      if (formErrors) throw validationFailed(formErrors);
      const input = fields as unknown as ServiceDetailsFields;
      const images = files.images ?? [];
      const tools = listOf<number>(input.tools) ?? [];
      const user = await accountOf(db, userId);
      const state = await loadProviderState(db, user);
      if (!primaryService(state) || !state.profile?.leadsType) {
        throw conflict('Choose your primary service and where your leads come from first.');
      }
      const errors: FieldError[] = [];
      if (!state.services.some((service) => service.family === input.serviceSlug)) {
        errors.push({ field: 'serviceSlug', message: 'is not one of your services' });
      }
      errors.push(...(await checkCurrency(db, input.currency, 'currency')), ...(await checkTools(db, tools)));
      if (images.length > 0 && !input.projectTitle) {
        errors.push({ field: 'projectTitle', message: 'is required with images' });
      }
      // The sample project is the freelancer's own account of it: its story and its dates, never
      // the service's description and the day of sign-up.
      if (images.length > 0 && !input.projectDescription) {
        errors.push({ field: 'projectDescription', message: 'is required with images' });
      }
      if (images.length > 0 && !input.projectStartedOn) {
        errors.push({ field: 'projectStartedOn', message: 'is required with images' });
      }
      if (input.projectStartedOn) {
        errors.push(
          ...checkDates(input.projectStartedOn, input.projectCompletedOn ?? null, {
            startedOn: 'projectStartedOn',
            completedOn: 'projectCompletedOn',
          }),
        );
      }
      if (images.length === 0 && !state.firstProjects.has(input.serviceSlug)) {
        errors.push({ field: 'images', message: 'a service without projects needs sample images' });
      }
      if (images.length > MAX_IMAGES)
        errors.push({ field: 'images', message: `must hold at most ${MAX_IMAGES} images` });
      if (errors.length > 0) throw validationFailed(errors);
      const details: ServiceDetailsData = {
        description: input.description,
        hourlyRate: { amount: cents(input.hourlyRate), currency: input.currency },
        yearsOfExperience: input.yearsOfExperience,
        tools,
        savedAt: new Date().toISOString(),
      };

      let staged: StagedFiles | null = null;
      if (images.length > 0) {
        await ensureRoomForProject(db, userId);
        await precheckFiles(images, []);
        staged = await stageFiles(deps, userId, images, []);
      }
      try {
        return await write(userId, async (tx, account) => {
          await lockProfile(tx, account);
          const [service] = await tx
            .update(providerServices)
            .set({ details: details as unknown as Record<string, unknown>, updatedAt: new Date() })
            .where(and(eq(providerServices.userId, userId), eq(providerServices.family, input.serviceSlug)))
            .returning();
          if (!service) throw validationFailed([{ field: 'serviceSlug', message: 'is not one of your services' }]);
          if (staged) {
            await ensureRoomForProject(tx, userId);
            await insertProject(
              tx,
              userId,
              {
                family: input.serviceSlug,
                title: input.projectTitle!,
                projectSize: input.projectSize ?? 'small',
                data: {
                  description: input.projectDescription!,
                  role: null,
                  url: null,
                  tools,
                  startedOn: input.projectStartedOn!,
                  completedOn: input.projectCompletedOn ?? null,
                },
              },
              staged,
            );
          } else if (!(await projectCounts(tx, userId)).get(input.serviceSlug)) {
            throw validationFailed([{ field: 'images', message: 'a service without projects needs sample images' }]);
          }
          // Listing reads the state after this write; the answer does too.
          await refreshListing(tx, userId);
          const services = await serviceDetailsViews(tx, userId);
          const next = freelancerNextStep(await loadProviderState(tx, account));
          return { services, nextStep: next as Schemas['FreelancerServiceDetailsSetResponse']['data']['nextStep'] };
        });
      } catch (error) {
        await staged?.discard();
        throw error;
      }
    },
  };
});

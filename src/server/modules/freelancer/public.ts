import { and, desc, eq } from 'drizzle-orm';
import { providerProjects, providerReferences, users } from '../../db/schema';
import { notFound, validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import { loadCompletionFacts, profileCompletion } from '../account';
import {
  findProfile,
  sectionData,
  SECTION,
  loadProviderState,
  primaryService,
  type ProviderState,
  projectCounts,
  loadTaxonomy,
  summary,
  publicPersonName,
} from '../providers';
import { imageUrl } from '../uploads/service';
import { countryName, languageNames, stateName, toolRefs, toolsById } from './lookups';
import { newestProjects, pageOfProjects, paginationOf, projectSummaries, projectViews } from './project-views';
import { languageViews, serviceDetailsOf } from './service';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type FamilySlug = Schemas['ProviderServiceFamilySlug'];

const PUBLIC_REVIEWS = 20;

/** What the profile sections hold, as their calls saved them. */
interface AboutData {
  headline: string;
  about: string;
  hourlyRate: { amount: number; currency: string };
  yearsOfExperience: number;
  availability: Schemas['FreelancerAvailability'];
}
interface PersonalData {
  country: string;
  state: string | null;
  city: string;
}
type LanguageData = { code: string; proficiency: Schemas['FreelancerLanguageProficiency'] }[];

/** The freelancer's public pages (F14-F17): only for a listed profile, the same 404 otherwise. */
export const publicFreelancerService = perApp((deps: Pick<AppDeps, 'db'>) => {
  const db = deps.db;

  /** The listed freelancer's state, or a 404. */
  async function listed(uid: string): Promise<ProviderState> {
    const [user] = await db.select().from(users).where(eq(users.id, uid)).limit(1);
    if (!user || user.accountType !== 'freelancer') throw notFound('We could not find this freelancer.');
    const profile = await findProfile(db, uid);
    if (!profile?.listedAt) throw notFound('We could not find this freelancer.');
    return loadProviderState(db, user);
  }

  async function avatarOf(state: ProviderState): Promise<string | null> {
    return imageUrl(db, state.profile?.imageId);
  }

  async function userSummary(state: ProviderState): Promise<Schemas['UserSummary']> {
    return {
      id: state.user.id,
      accountType: 'freelancer',
      displayName: publicPersonName(state.user),
      avatarUrl: await avatarOf(state),
      companyId: null,
    };
  }

  const offered = (state: ProviderState) => new Set(state.services.map((service) => service.family));

  /** Offered services whose details are set, primary first. */
  const detailedServices = (state: ProviderState) => state.services.filter((service) => serviceDetailsOf(service));

  async function publicReviews(uid: string) {
    return db
      .select()
      .from(providerReferences)
      .where(
        and(
          eq(providerReferences.providerId, uid),
          eq(providerReferences.status, 'submitted'),
          eq(providerReferences.visible, true),
        ),
      )
      .orderBy(desc(providerReferences.submittedAt), desc(providerReferences.id));
  }

  function reviewView(row: Awaited<ReturnType<typeof publicReviews>>[number]): Schemas['FreelancerPublicReview'] {
    const response = row.response ?? {};
    const request = row.request;
    const text = (key: string, from: Record<string, unknown> = response) =>
      typeof from[key] === 'string' ? (from[key] as string) : null;
    return {
      id: row.id,
      reviewerName: text('reviewerName') ?? row.name,
      reviewerRole: text('reviewerRole') ?? text('reviewerRole', request),
      company: text('company') ?? text('company', request),
      rating: row.rating ?? 5,
      title: text('title') ?? '',
      text: text('text') ?? text('review') ?? '',
      wouldRecommend: response.wouldRecommend === true,
      verified: Boolean(response.verifiedAt ?? request.verifiedAt),
      submittedAt: (row.submittedAt ?? row.createdAt).toISOString(),
    };
  }

  return {
    async profile(uid: string, viewerId: string | null): Promise<Schemas['FreelancerPublicProfile']> {
      const state = await listed(uid);
      const { profile, user } = state;
      const [taxonomy, names, counts, reviews, avatarUrl] = await Promise.all([
        loadTaxonomy(db),
        languageNames(db),
        projectCounts(db, uid),
        publicReviews(uid),
        avatarOf(state),
      ]);
      const about = sectionData<AboutData>(profile, SECTION.freelancerAbout);
      const personal = sectionData<PersonalData>(profile, SECTION.personalDetails);
      const primary = primaryService(state)!;
      const families = offered(state);
      const projectCount = [...counts].reduce((total, [family, n]) => total + (families.has(family) ? n : 0), 0);
      const rated = reviews.filter((review) => review.rating !== null);
      const average = rated.length
        ? Math.round((rated.reduce((total, review) => total + review.rating!, 0) / rated.length) * 10) / 10
        : null;
      return {
        id: user.id,
        displayName: publicPersonName(user),
        avatarUrl,
        headline: about?.headline ?? null,
        tagline: profile?.tagline ?? null,
        about: about?.about ?? null,
        country: (personal?.country ?? null) as Schemas['FreelancerPublicProfile']['country'],
        countryName: await countryName(db, personal?.country),
        stateName: await stateName(db, personal?.country, personal?.state),
        city: personal?.city ?? null,
        hourlyRate: about?.hourlyRate ?? null,
        availability: about?.availability ?? null,
        yearsOfExperience: about?.yearsOfExperience ?? null,
        primaryService: summary(taxonomy, primary.family) as Schemas['FreelancerServiceRef'],
        otherServices: state.services
          .filter((service) => !service.isPrimary)
          .map((service) => summary(taxonomy, service.family) as Schemas['FreelancerServiceRef']),
        languages: languageViews(
          sectionData<{ entries: LanguageData }>(profile, SECTION.languages)?.entries ?? [],
          names,
        ),
        education:
          sectionData<{ entries: Schemas['FreelancerEducationEntry'][] }>(profile, SECTION.education)?.entries ?? [],
        experience:
          sectionData<{ entries: Schemas['FreelancerExperienceEntry'][] }>(profile, SECTION.experience)?.entries ?? [],
        rating: { average, count: rated.length },
        reviews: reviews.slice(0, PUBLIC_REVIEWS).map(reviewView),
        projectCount,
        memberSince: user.createdAt.toISOString(),
        profileUrl: `/freelancer/${user.id}/`,
        ...(viewerId === user.id
          ? { completionScore: profileCompletion(await loadCompletionFacts(db, user)).score }
          : {}),
      };
    },

    async services(uid: string): Promise<Schemas['FreelancerPublicService'][]> {
      const state = await listed(uid);
      const services = detailedServices(state);
      const [taxonomy, counts, newest] = await Promise.all([
        loadTaxonomy(db),
        projectCounts(db, uid),
        newestProjects(db, uid),
      ]);
      const tools = await toolsById(
        db,
        services.flatMap((service) => serviceDetailsOf(service)!.tools),
      );
      const covers = new Map(
        (await projectSummaries(db, [...newest.values()], taxonomy)).map((project) => [
          project.service.slug as string,
          project,
        ]),
      );
      return services.map((service) => {
        const details = serviceDetailsOf(service)!;
        return {
          service: summary(taxonomy, service.family) as Schemas['FreelancerServiceRef'],
          isPrimary: service.isPrimary,
          description: details.description,
          hourlyRate: details.hourlyRate,
          yearsOfExperience: details.yearsOfExperience,
          tools: toolRefs(tools, details.tools),
          projectCount: counts.get(service.family) ?? 0,
          coverImageUrl: covers.get(service.family)?.coverImageUrl ?? null,
        };
      });
    },

    async projects(uid: string, family: FamilySlug, page: { page: number; pageSize: number }) {
      const taxonomy = await loadTaxonomy(db);
      if (taxonomy.known(family)?.parentSlug !== null) {
        throw validationFailed([{ field: 'path.sid', message: 'is not a service family we offer' }]);
      }
      const state = await listed(uid);
      if (!detailedServices(state).some((service) => service.family === family)) {
        throw notFound('This freelancer does not offer this service.');
      }
      const { rows, total } = await pageOfProjects(db, uid, family, page);
      return { items: await projectSummaries(db, rows, taxonomy), pagination: paginationOf(page, total) };
    },

    async project(uid: string, pid: string): Promise<Schemas['FreelancerPublicProject']> {
      const state = await listed(uid);
      const [row] = await db
        .select()
        .from(providerProjects)
        .where(and(eq(providerProjects.id, pid), eq(providerProjects.userId, uid)))
        .limit(1);
      if (!row || !offered(state).has(row.family)) throw notFound('We could not find this project.');
      const [view] = await projectViews(db, [row], await loadTaxonomy(db));
      return { ...view!, freelancer: await userSummary(state) };
    },
  };
});

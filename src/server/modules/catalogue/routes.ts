import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { catalogueService, LOOKUP_LIST } from './service';

type Schemas = components['schemas'];

const catalogue = (request: FastifyRequest) => catalogueService(request.server.db);

/** Reference data changes only with a deployment, so browsers and CDNs may keep it an hour. */
const LIST_CACHE = 'public, max-age=3600';
/** Search answers follow the same data but are many and short-lived in an autocomplete. */
const SEARCH_CACHE = 'public, max-age=60';

const ok = <T>(reply: FastifyReply, cacheControl: string, data: T) => {
  reply.header('cache-control', cacheControl);
  return { status: 'success' as const, message: 'OK', data };
};

const lookupList =
  (list: string) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<Schemas['OptionList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).options(list));

const familyList =
  (family: Schemas['CatalogueServiceFamilySlug']) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<Schemas['OptionList']> => {
    const { list } = request.params as { list: string };
    return ok(reply, LIST_CACHE, await catalogue(request).familyOptions(family, list));
  };

/** Counts a search against the caller's address before any work is done. */
async function searchInput(request: FastifyRequest) {
  await request.server.rateLimits.consume('search', request.ip);
  const { q } = request.params as { q: string };
  const { limit } = request.query as { limit?: number | string };
  return { q, limit: limit === undefined ? undefined : Number(limit) };
}

/** The catalogue tag's operations (S01-S18) and the account lookups (C01-C03). */
export const catalogueRoutes: OperationHandlers = {
  searchTools: async (request, reply): Promise<Schemas['CatalogueToolSearchResult']> => {
    const { q, limit } = await searchInput(request);
    return ok(reply, SEARCH_CACHE, await catalogue(request).searchTools(q, limit));
  },

  searchServiceTools: async (request, reply): Promise<Schemas['CatalogueServiceSearchResult']> => {
    const { q, limit } = await searchInput(request);
    return ok(reply, SEARCH_CACHE, await catalogue(request).searchServicesAndTools(q, limit));
  },

  listBusinessTypes: lookupList(LOOKUP_LIST.businessType),
  listIndustryTypes: lookupList(LOOKUP_LIST.industryType),
  listProjectDurations: lookupList(LOOKUP_LIST.projectDuration),
  listPaymentTypes: lookupList(LOOKUP_LIST.paymentType),
  listHiringDecisions: lookupList(LOOKUP_LIST.hiringDecision),
  listBusinessSizes: lookupList(LOOKUP_LIST.businessSize),

  listCurrencies: async (request, reply): Promise<Schemas['CatalogueCurrencyList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).currencies()),

  listEstimatedBudgets: async (request, reply): Promise<Schemas['CatalogueEstimatedBudgetList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).estimatedBudgets()),

  listTools: async (request, reply): Promise<Schemas['CatalogueToolList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).tools()),

  listServiceFamilies: async (request, reply): Promise<Schemas['CatalogueServiceFamilyList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).familyPages()),

  listToolsByServiceCategory: async (request, reply): Promise<Schemas['CatalogueToolGroupList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).toolsByCategory()),

  listWebDesignAndDevelopmentOptions: familyList('web-design-and-development'),
  listMobileAppOptions: familyList('mobile-app'),
  listDataAndAnalyticsOptions: familyList('data-and-analytics'),
  listSoftwareDevelopmentOptions: familyList('software-development'),
  listFinanceTransformationOptions: familyList('finance-transformation'),

  listMachineLearningExperts: async (request, reply): Promise<Schemas['OptionList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).familyOptions('machine-learning-and-ai', 'expert')),

  listCountries: async (request, reply): Promise<Schemas['CatalogueCountryList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).countries()),

  listCountryStates: async (request, reply): Promise<Schemas['CatalogueStateList']> => {
    const { id } = request.params as { id: string };
    return ok(reply, LIST_CACHE, await catalogue(request).countryStates(id));
  },

  listLanguages: async (request, reply): Promise<Schemas['CatalogueLanguageList']> =>
    ok(reply, LIST_CACHE, await catalogue(request).languages()),
};

import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../contract/handlers';
import type { components } from '../../generated/api';
import { catalogueService, LOOKUP_LIST } from './service';

type FamilySlug = components['schemas']['CatalogueServiceFamilySlug'];

const catalogue = (request: FastifyRequest) => catalogueService(request.server.db);

const lookupList = (list: string) => (request: FastifyRequest) => catalogue(request).options(list);

const familyList = (family: FamilySlug) => (request: FastifyRequest<{ Params: { list: string } }>) =>
  catalogue(request).familyOptions(family, request.params.list);

/** Counts a search against the caller's address before any work is done. */
async function searchInput(request: FastifyRequest<{ Params: { q: string }; Querystring: { limit?: number } }>) {
  await request.server.rateLimits.consume('search', request.ip);
  return { q: request.params.q, limit: request.query.limit };
}

/**
 * The catalogue tag's operations (S01-S18) and the account lookups (C01-C03). Reference data
 * changes only with a deployment, so the contract lets browsers and CDNs keep it an hour
 * (searches a minute).
 */
export const catalogueRoutes: OperationHandlers = {
  searchTools: async (request) => {
    const { q, limit } = await searchInput(request);
    return catalogue(request).searchTools(q, limit);
  },
  searchServiceTools: async (request) => {
    const { q, limit } = await searchInput(request);
    return catalogue(request).searchServicesAndTools(q, limit);
  },

  listBusinessTypes: lookupList(LOOKUP_LIST.businessType),
  listIndustryTypes: lookupList(LOOKUP_LIST.industryType),
  listProjectDurations: lookupList(LOOKUP_LIST.projectDuration),
  listPaymentTypes: lookupList(LOOKUP_LIST.paymentType),
  listHiringDecisions: lookupList(LOOKUP_LIST.hiringDecision),
  listBusinessSizes: lookupList(LOOKUP_LIST.businessSize),

  listCurrencies: (request) => catalogue(request).currencies(),
  listEstimatedBudgets: (request) => catalogue(request).estimatedBudgets(),
  listTools: (request) => catalogue(request).tools(),
  listServiceFamilies: (request) => catalogue(request).familyPages(),
  listToolsByServiceCategory: (request) => catalogue(request).toolsByCategory(),

  listWebDesignAndDevelopmentOptions: familyList('web-design-and-development'),
  listMobileAppOptions: familyList('mobile-app'),
  listDataAndAnalyticsOptions: familyList('data-and-analytics'),
  listSoftwareDevelopmentOptions: familyList('software-development'),
  listFinanceTransformationOptions: familyList('finance-transformation'),
  listMachineLearningExperts: (request) => catalogue(request).familyOptions('machine-learning-and-ai', 'expert'),

  listCountries: (request) => catalogue(request).countries(),
  listCountryStates: (request) => catalogue(request).countryStates(request.params.id),
  listLanguages: (request) => catalogue(request).languages(),
};

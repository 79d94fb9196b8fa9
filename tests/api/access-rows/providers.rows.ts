import { everyone, providersOnly, type AccessRows } from './rows';

/** Shared provider calls (G01-G07); each caller is a fresh account, so the first save works. */
export const rows: AccessRows = {
  setPrimaryService: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/provider/primary-service/set/',
      payload: { serviceSlug: 'finance-transformation', subServiceSlugs: ['finance-transformation/enterprise'] },
    }),
    expected: providersOnly(200),
  },
  // A fresh account has no primary service to change yet: 409 (providers.test.ts covers the 200).
  updatePrimaryService: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/provider/primary-service/update/',
      payload: { serviceSlug: 'mobile-app' },
    }),
    expected: providersOnly(409),
  },
  setLeadsLocation: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/provider/leads-location/set/',
      payload: { type: 'custom', country: 'US', state: 'CA' },
    }),
    expected: providersOnly(200),
  },
  updateLeadsLocation: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/provider/leads-location/update/',
      payload: { type: 'worldwide' },
    }),
    expected: providersOnly(409),
  },
  listRemainingOtherServices: {
    request: async () => ({ url: '/api/account/provider/other-services/remaining/' }),
    expected: providersOnly(200),
  },
  updateOtherServices: {
    request: async () => ({
      method: 'PATCH',
      url: '/api/account/provider/other-service/update/',
      payload: { serviceSlugs: ['data-and-analytics'] },
    }),
    expected: providersOnly(200),
  },
  listRelatedServices: {
    request: async () => ({ url: '/api/account/provider/related-to/service/data-and-analytics/' }),
    expected: everyone(200),
  },
};

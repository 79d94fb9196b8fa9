import { everyone, type AccessRows } from './rows';

/** Catalogue reads added after the access test's own table of them. */
export const rows: AccessRows = {
  listServiceFamilies: { request: async () => ({ url: '/api/service/families/all/' }), expected: everyone(200) },
};

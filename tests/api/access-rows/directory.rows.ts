import { everyone, type AccessRows } from './rows';

/** The directories are public to everyone. */
export const rows: AccessRows = {
  listPublicBusinessProfiles: {
    request: async () => ({ url: '/api/account/public/business/all/?service=finance-transformation&country=US' }),
    expected: everyone(200),
  },
  listPublicFreelancerProfiles: {
    request: async () => ({ url: '/api/account/public/freelancer/all/?q=netsuite&sort=rating' }),
    expected: everyone(200),
  },
};

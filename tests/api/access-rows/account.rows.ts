import { uniqueEmail } from '../helpers';
import { multipart } from '../upload-files';
import { businessOnly, clientOnly, freelancerOnly, signedInOnly, type AccessRows } from './rows';

/** A fresh account may remove the image it does not have: the one C07 body every account type may send. */
const removeImage = () => {
  const body = multipart({ removeImage: 'true' });
  return { method: 'POST' as const, url: '/api/account/update/profile/', payload: body.payload, headers: body.headers };
};

/** The account tag (C04-C09) and the client's sections (CL1-CL3); each caller is a fresh account. */
export const rows: AccessRows = {
  getClientProfileCompletion: {
    request: async () => ({ url: '/api/account/client/profile-completion/score/' }),
    expected: clientOnly(200),
  },
  getFreelancerProfileCompletion: {
    request: async () => ({ url: '/api/account/freelancer/profile-completion/score/' }),
    expected: freelancerOnly(200),
  },
  getBusinessProfileCompletion: {
    request: async () => ({ url: '/api/account/business/profile-completion/score/' }),
    expected: businessOnly(200),
  },
  updateProfile: { request: async () => removeImage(), expected: signedInOnly(200) },
  sendEmailChangeCode: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/email/verification-code/send/',
      payload: { newEmail: uniqueEmail('moving') },
    }),
    expected: signedInOnly(200),
  },
  // No code was sent to a fresh account: 409 (account-profile.test.ts covers the 200).
  verifyEmailChangeCode: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/email/verification-code/verify/',
      payload: { newEmail: uniqueEmail('moving'), code: '123456' },
    }),
    expected: signedInOnly(409),
  },
  updateClientAbout: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/client/about/update/',
      payload: {
        about: 'Brightline Logistics runs regional freight for 400 retailers across the Midwest.',
        industry: 'logistics-and-transportation',
        businessSize: '201-500',
        website: 'https://www.brightline-logistics.com',
      },
    }),
    expected: clientOnly(200),
  },
  getClientSettings: {
    request: async () => ({ url: '/api/account/client/settings/' }),
    expected: clientOnly(200),
  },
  updateClientPersonalDetails: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/client/settings/personal-details/',
      payload: {
        firstname: 'Priya',
        lastname: 'Raman',
        phone: '+13125550187',
        country: 'US',
        state: 'IL',
        city: 'Chicago',
        timezone: 'America/Chicago',
      },
    }),
    expected: clientOnly(200),
  },
  updateClientProfileDetails: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/client/settings/profile-details/',
      payload: {
        companyName: 'Brightline Logistics',
        jobTitle: 'VP Finance',
        industry: 'logistics-and-transportation',
        businessSize: '201-500',
        website: null,
        linkedin: 'https://www.linkedin.com/in/priya-raman-finance/',
      },
    }),
    expected: clientOnly(200),
  },
};

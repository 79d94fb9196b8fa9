import { everyone, signedInOnly, visitorOnly, type AccessRows } from './rows';

/**
 * Google sign-in (A13, A14) on an app without Google settings: whoever the contract lets in gets
 * the 404 "not enabled". The same sweep with a provider configured is in google-signin.test.ts.
 */
const STATE = 'Yp3kR8sV2tQ9wX1zL5mN7bC4dF6gH0jK';
const CODE = '4%2F0AeanS0b8XkQ2mTz7rW1vYc9pLd3HsFg';

export const rows: AccessRows = {
  getSignInOptions: { request: async () => ({ url: '/api/auth/sign-in-options/' }), expected: everyone(200) },
  startGoogleSignIn: {
    request: async () => ({
      method: 'POST',
      url: '/api/auth/social-accounts/google/start/',
      payload: { intent: 'sign-in' },
    }),
    expected: everyone(404),
  },
  googleSignInCallback: {
    request: async () => ({
      url: `/api/auth/social-accounts/google/callback/${CODE}?state=${STATE}&accountType=client`,
    }),
    expected: visitorOnly(404),
  },
  googleAccountChangeCallback: {
    request: async () => ({ url: `/api/auth/social-accounts/google/account-change/callback/${CODE}?state=${STATE}` }),
    expected: signedInOnly(404),
  },
};

import { http, HttpResponse, type RequestHandler } from 'msw';
import type { AuthUser } from '@/api/generated/model';
import {
  businessUser,
  clientUser,
  freelancerUser,
  newBusinessUser,
  newFreelancerUser,
  unverifiedClientUser,
} from '../fixtures/users';
import { answer, emptyListHandlers, fakerHandlers } from '../handlers';
import { catalogueOptionHandlers } from './catalogue';
import { serviceFamiliesHandler } from './families';

/**
 * Named situations a component test or a person in the browser (`?scenario=NAME`) can pick.
 * Each is a list of MSW handlers; earlier handlers win, so a scenario's overrides come first
 * and the generated faker handlers answer everything else.
 */
const signedOut = answer(
  'GetMe',
  { status: 'error', message: 'Please sign in to continue.', code: 'unauthenticated' },
  401,
);

const csrf = answer('GetCsrfToken', {
  status: 'success',
  message: 'OK',
  data: { csrfToken: 'mock-csrf-token-0123456789abcdef' },
});

function signedInAs(user: AuthUser): RequestHandler {
  return answer('GetMe', { status: 'success', message: 'OK', data: user });
}

const serverError: RequestHandler = http.all('*/api/*', () =>
  HttpResponse.json(
    { status: 'error', message: 'Something went wrong on our side. Please try again.', code: 'internal' },
    { status: 500 },
  ),
);

const notBuiltYet = answer(
  'CreateServiceRequest',
  {
    status: 'error',
    message: 'Posting requests is not available yet. Please try again later.',
    code: 'not_implemented',
  },
  501,
);

/** The account's own sections read back as never saved: forms start empty, as for a new account. */
function nothingSaved(): RequestHandler[] {
  const ok = (data: unknown) => ({ status: 'success', message: 'OK', data });
  return [
    answer('GetClientSettings', ok({ personalDetails: null, profileDetails: null, about: null })),
    answer('GetFreelancerSettings', ok({ personalDetails: null, businessDetails: null, tagline: null })),
    answer(
      'GetBusinessProfile',
      ok({
        companyId: 'acme-analytics',
        details: null,
        personalContact: null,
        about: null,
        locations: [],
        socialProfiles: null,
        competitors: null,
      }),
    ),
  ];
}

export const scenarios = {
  /** A visitor: not signed in; every other call answers faker data. */
  visitor: () => [csrf, serviceFamiliesHandler(), signedOut, ...fakerHandlers()],
  client: () => [csrf, serviceFamiliesHandler(), signedInAs(clientUser), ...nothingSaved(), ...fakerHandlers()],
  freelancer: () => [csrf, serviceFamiliesHandler(), signedInAs(freelancerUser), ...nothingSaved(), ...fakerHandlers()],
  business: () => [csrf, serviceFamiliesHandler(), signedInAs(businessUser), ...nothingSaved(), ...fakerHandlers()],
  /** A client who signed up but has not verified the email yet. */
  unverified: () => [
    csrf,
    serviceFamiliesHandler(),
    signedInAs(unverifiedClientUser),
    ...nothingSaved(),
    ...fakerHandlers(),
  ],
  /** A verified freelancer at the start of onboarding (profile photo first). */
  'new-freelancer': () => [
    csrf,
    serviceFamiliesHandler(),
    signedInAs(newFreelancerUser),
    ...nothingSaved(),
    ...fakerHandlers(),
  ],
  /** A verified business with only its company details saved. */
  'new-business': () => [
    csrf,
    serviceFamiliesHandler(),
    signedInAs(newBusinessUser),
    ...nothingSaved(),
    ...fakerHandlers(),
  ],
  /** Signed in as a client, and every list is empty (empty states). */
  'empty-lists': () => [csrf, signedInAs(clientUser), ...emptyListHandlers()],
  /** A visitor whose email links are used up: verification and reset tokens answer 409. */
  'expired-links': () => [
    csrf,
    serviceFamiliesHandler(),
    signedOut,
    answer(
      'VerifyAccount',
      { status: 'error', message: 'This verification link has expired. Request a new one.', code: 'conflict' },
      409,
    ),
    answer(
      'VerifyPasswordResetToken',
      { status: 'error', message: 'This reset link has expired. Request a new one.', code: 'conflict' },
      409,
    ),
    ...fakerHandlers(),
  ],
  /** The request wizard as a visitor and as a client: option lists whose slugs pass the forms. */
  'request-visitor': () => [
    csrf,
    serviceFamiliesHandler(),
    signedOut,
    ...catalogueOptionHandlers(),
    ...fakerHandlers(),
  ],
  /** Posting answers 501 with the error envelope, as the server does until the create call is built. */
  'request-client': () => [
    csrf,
    serviceFamiliesHandler(),
    signedInAs(clientUser),
    ...nothingSaved(),
    notBuiltYet,
    ...catalogueOptionHandlers(),
    ...fakerHandlers(),
  ],
  /** Every call but the CSRF token fails with a 500 envelope. */
  'server-error': () => [csrf, serverError],
} satisfies Record<string, () => RequestHandler[]>;

export type ScenarioName = keyof typeof scenarios;

export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(scenarios, name);
}

/**
 * Google sign-in is off in every scenario (no buttons leave for a provider that is not there);
 * a test that wants it answers `GetSignInOptions` itself.
 */
const passwordOnly = answer('GetSignInOptions', {
  status: 'success',
  message: 'OK',
  data: { password: true, google: false },
});

export function handlersFor(name: ScenarioName): RequestHandler[] {
  return [passwordOnly, ...scenarios[name]()];
}

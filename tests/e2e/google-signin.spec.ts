import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { E2E_GOOGLE_ISSUER, E2E_GOOGLE_PORT } from './settings';
import { signOut, uniqueEmail } from './support';

/**
 * Google sign-in end to end: the browser clicks "Continue with Google", the OpenID provider on
 * 127.0.0.1 (standing in for Google; the server's GOOGLE_ISSUER_URL) redirects back at once with
 * a code, and the return page signs the user in. What the provider says about the person is set
 * per test (the ID token's claims).
 */
interface Claims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture?: string;
}

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

let provider: OAuth2Server;
let claims: Claims;

const person = (overrides: Partial<Claims> = {}): Claims => ({
  sub: `google-${randomBytes(6).toString('hex')}`,
  email: uniqueEmail('google'),
  email_verified: true,
  name: 'Priya Raman',
  given_name: 'Priya',
  family_name: 'Raman',
  ...overrides,
});

test.beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  // The issuer the server is configured with, exactly (ID tokens name it; discovery checks it).
  provider.issuer.url = E2E_GOOGLE_ISSUER;
  await provider.start(E2E_GOOGLE_PORT, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
});

test.afterAll(async () => {
  await provider?.stop();
});

test.beforeEach(() => {
  claims = person();
});

/** With E2E_SCREENSHOTS_DIR set, a picture of the page (or of one part of it) to look at. */
async function shot(target: Page | Locator, name: string) {
  if (!SCREENSHOTS) return;
  const path = `${SCREENSHOTS}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
}

const googleButton = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });

/** Clicks "Continue with Google" and waits for the way back from the provider. */
async function continueWithGoogle(page: Page) {
  const back = page.waitForURL(/\/auth\/social-accounts\/verify\/google-oauth2\/\?/);
  await googleButton(page).click();
  await back;
}

test('a new freelancer signs up with Google and is signed in, verified, with the Google name', async ({ page }) => {
  await page.goto('/auth/freelancer/signup/');
  await expect(googleButton(page)).toBeVisible();
  await continueWithGoogle(page);
  // Signed in: a new freelancer is sent on to onboarding, never back to log in.
  await expect(page).toHaveURL(/\/auth\/su\//);
  const me = await page.evaluate(async () => (await fetch('/api/auth/me/')).json());
  expect(me.data).toMatchObject({
    accountType: 'freelancer',
    email: claims.email,
    verified: true,
    hasPassword: false,
    firstname: 'Priya',
    social: { provider: 'google', email: claims.email },
  });
});

test('a client signs up from the login page, sees the linked account in Settings, and the same account warns', async ({
  page,
}) => {
  await page.goto('/auth/login/');
  await expect(googleButton(page)).toBeVisible();
  await shot(page, 'login-with-google');
  // No account yet and no type chosen: the chooser asks for one.
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/auth\/signup\/$/);
  await expect(page.getByText('Choose an account type to sign up')).toBeVisible();
  await page.getByRole('radio', { name: "I'm a client, looking for freelancers or consultants" }).check();
  await page.getByRole('button', { name: 'Continue as a Client' }).click();
  await expect(page).toHaveURL(/\/auth\/client\/signup\//);
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/dashboard\//);

  await page.goto('/dashboard/settings/');
  const section = page.getByRole('region', { name: 'Google account' });
  await expect(section.getByTestId('linked-google-account')).toContainText(claims.email);
  await expect(page.getByText('has no password yet')).toHaveCount(2);
  await shot(section, 'settings-google-linked');

  // Change, choosing the same Google account at the provider.
  const back = page.waitForURL(/google-oauth2\/change\/\?/);
  await section.getByRole('button', { name: 'Change Google account' }).click();
  await back;
  await expect(page).toHaveURL(/\/dashboard\/settings\/#google-account$/);
  await expect(section.getByText('already linked to your account')).toBeVisible();
  await shot(section, 'settings-google-same-account');

  // Another Google account that belongs to someone else is refused.
  const owner = person();
  claims = owner;
  await signOut(page);
  await page.goto('/auth/client/signup/');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/dashboard\//);
  await signOut(page);
  claims = person();
  await page.goto('/auth/client/signup/');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/dashboard\//);
  claims = owner;
  await page.goto('/dashboard/settings/');
  const change = page.waitForURL(/google-oauth2\/change\/\?/);
  await page
    .getByRole('region', { name: 'Google account' })
    .getByRole('button', { name: 'Change Google account' })
    .click();
  await change;
  await expect(page.getByRole('alert').filter({ hasText: 'already linked to another account' })).toBeVisible();
});

test('an unverified Google email, a forged state and a replayed code are refused with a clear message', async ({
  page,
}) => {
  claims = person({ email_verified: false });
  await page.goto('/auth/client/signup/');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Google has not verified the email address' })).toBeVisible();
  await shot(page, 'login-google-error');

  // The provider's redirects back are recorded, and one of them gets a forged state.
  let forge = false;
  const returns: string[] = [];
  await page.route(`${E2E_GOOGLE_ISSUER}/authorize**`, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const back = new URL(answer.headers()['location']!);
    if (forge) back.searchParams.set('state', `${back.searchParams.get('state')!.slice(0, -4)}AAAA`);
    returns.push(back.href);
    await route.fulfill({ status: 302, headers: { location: back.href } });
  });

  claims = person();
  forge = true;
  await page.goto('/auth/client/signup/');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'was not started in this browser' })).toBeVisible();

  // The genuine answer signs in once; the same code again (signed out, same browser) is refused.
  forge = false;
  await page.goto('/auth/client/signup/');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/dashboard\//);
  await signOut(page);
  const used = new URL(returns.at(-1)!);
  await page.goto(used.pathname + used.search);
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'already used' })).toBeVisible();
});

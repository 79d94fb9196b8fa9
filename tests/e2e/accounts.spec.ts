import { expect, test } from '@playwright/test';
import { emailLinkTo, logIn, mainNav, signOut, signUpPerson, uniqueEmail, type Person } from './support';

// A new user's journeys through accounts, against the real server and its outbox.

test.describe('the account type chooser', () => {
  test('asks for a choice, names the choice on its button, and goes to the sign-up form', async ({ page }) => {
    await page.goto('/auth/signup/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join as a Client or Freelancer or Business');

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Please select an account type.')).toBeVisible();

    await page.getByRole('radio', { name: "I'm a freelancer or independent consultant, looking for work" }).check();
    await expect(page.getByText('Please select an account type.')).toHaveCount(0);
    await page.getByRole('radio', { name: "I'm a client, looking for freelancers or consultants" }).check();
    await page
      .getByRole('radio', { name: "A business looking to sell business' services and boost visibility for brand" })
      .check();
    await page.getByRole('button', { name: 'Continue as Business' }).click();

    await expect(page).toHaveURL(/\/auth\/business\/signup\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('account_type'))).toBe('business');
  });
});

test.describe.serial('a new client', () => {
  const client: Person = {
    firstname: 'Daniel',
    lastname: 'Whitaker',
    email: uniqueEmail('daniel'),
    password: 'Granite-Kettle-42',
  };
  const changedPassword = 'Copper-Meadow-Train-19';
  const resetPassword = 'Lantern-Harbour-Quiet-7';

  test('signs up, follows the verification link from the email, and reaches the dashboard', async ({ page }) => {
    await signUpPerson(page, 'client', client);
    await expect(page.getByRole('main')).toContainText(client.email);

    // Unverified: signed-in pages send the user back to the verification page.
    await page.goto('/dashboard/');
    await expect(page).toHaveURL(/\/auth\/verification\/email\//);

    await page.goto(await emailLinkTo(client.email, '/auth/verification/'));
    await expect(page.locator('[data-status="verified"]')).toBeVisible();
    await page.getByRole('link', { name: /continue/i }).click();
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // Clients do not look for work.
    await expect(mainNav(page).getByRole('link', { name: 'Find Job' })).toHaveCount(0);
  });

  test('is refused the job board, and kept off guest pages', async ({ page }) => {
    await logIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/dashboard\/$/);

    await page.goto('/find/jobs/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('403');
    await expect(page.getByText('Access denied, no permission.')).toBeVisible();

    await page.goto('/auth/signup/');
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await page.goto('/auth/login/?next=%2Fdashboard%2Fsettings%2F');
    await expect(page).toHaveURL(/\/dashboard\/settings\/$/);
  });

  test('logs out and logs in again with remember me', async ({ page, context }) => {
    await logIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);

    await logIn(page, client.email, client.password, true);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'sid');
    expect(session?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);
    expect(await page.evaluate(() => localStorage.getItem('remember_me'))).toBe('true');
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    await logIn(page, client.email, 'not-the-password-1');
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    await expect(page).toHaveURL(/\/auth\/login\//);
  });

  test('changes the password in settings and logs in with the new one', async ({ page }) => {
    await logIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await page.goto('/dashboard/settings/');
    await page.getByLabel('Current password').fill(client.password);
    await page.getByLabel('New password', { exact: true }).fill(changedPassword);
    await page.getByLabel('Confirm new password').fill(changedPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password is changed.')).toBeVisible();

    await signOut(page);
    await logIn(page, client.email, client.password);
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    await logIn(page, client.email, changedPassword);
    await expect(page).toHaveURL(/\/dashboard\/$/);
  });

  test('resets a forgotten password through the emailed link', async ({ page }) => {
    await page.goto('/auth/forgot-password/');
    await page.getByLabel('Email').fill(client.email);
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByRole('main')).toContainText(client.email);

    await page.goto(await emailLinkTo(client.email, '/auth/reset-password/'));
    await page.getByLabel('New password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm new password').fill(resetPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login\//);

    await logIn(page, client.email, changedPassword);
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    await logIn(page, client.email, resetPassword);
    await expect(page).toHaveURL(/\/dashboard\/$/);
  });

  test('signing out in one tab signs out the other', async ({ context }) => {
    const first = await context.newPage();
    await logIn(first, client.email, resetPassword);
    await expect(first).toHaveURL(/\/dashboard\/$/);
    const second = await context.newPage();
    await second.goto('/dashboard/');
    await expect(mainNav(second).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await signOut(first);
    // The other tab follows: its guard sends it to login with the page it was on.
    await expect(second).toHaveURL(/\/auth\/login\/\?next=%2Fdashboard%2F/);
    await expect(second.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});

test('a freelancer signs up and verifies, then is led into onboarding', async ({ page }) => {
  const freelancer: Person = {
    firstname: 'Maya',
    lastname: 'Okafor',
    email: uniqueEmail('maya'),
    password: 'violet-Harbour-2026!',
  };
  await page.goto('/auth/signup/');
  await page.getByRole('radio', { name: "I'm a freelancer or independent consultant, looking for work" }).check();
  await page.getByRole('button', { name: 'Continue as a Freelancer' }).click();
  await expect(page).toHaveURL(/\/auth\/freelancer\/signup\/$/);
  await signUpPerson(page, 'freelancer', freelancer);

  await page.goto(await emailLinkTo(freelancer.email, '/auth/verification/'));
  await expect(page.locator('[data-status="verified"]')).toBeVisible();
  // A freelancer without a profile image starts onboarding at profile setup.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/profile\/$/);
  await expect(mainNav(page)).toHaveCount(0);
});

test('a business signs up, saying how it heard of us, and verifies', async ({ page }) => {
  const email = uniqueEmail('hello');
  await page.goto('/auth/business/signup/');
  await page.getByLabel('Company name').fill('Northwind Analytics');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Ledger-Lantern-88');
  await page.getByLabel('How did you hear about us?').selectOption('other');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(/tell us where/i).or(page.getByRole('alert'))).toBeVisible();
  await page.getByLabel('Where did you hear about us?').fill('A partner newsletter');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email\/$/);

  await page.goto(await emailLinkTo(email, '/auth/verification/'));
  await expect(page.locator('[data-status="verified"]')).toBeVisible();
  // Onboarding starts at the first business step.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/business\/details\/$/);
});

test('a visitor on a signed-in page is sent to login with the page as next', async ({ page }) => {
  // The page's own query goes along (one the page takes; what it does not take is dropped).
  await page.goto('/dashboard/requests/?status=open&sort=latest');
  await expect(page).toHaveURL(/\/auth\/login\/\?next=%2Fdashboard%2Frequests%2F%3Fstatus%3Dopen$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown verification link shows the expired state', async ({ page }) => {
  await page.goto(`/auth/verification/${'x'.repeat(43)}/email/`);
  await expect(page.locator('[data-status="expired"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This verification link has expired');
});

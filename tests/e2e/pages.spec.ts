import { expect, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  pngFile,
  saveAndContinue,
  signUpPerson,
  uniqueEmail,
  verifyFromInbox,
  type Person,
} from './support';

// Pages that used to mislead a new user: placeholders, the account menu, the first project made
// in onboarding, the wizard's radios on a phone. Each page touched passes axe with no violation
// at all (moderate and minor included).

const run = Date.now().toString(36);

test('public pages: home, contact and the wizard on a phone', async ({ page }) => {
  // Three axe checks and a wizard: longer than one page's default time.
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // No button leads a visitor to sign in only to find a page not built yet: the plans and the
  // versigems prices are on the public pricing page.
  await expect(page.getByRole('link', { name: 'Get versigems' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Versigems prices' })).toHaveAttribute('href', '/pricing/#versigems');
  await page.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/pricing\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and versigems');
  await page.goto('/');
  // A popular search fills the search box with the term alone.
  await page.getByRole('link', { name: 'NetSuite', exact: true }).first().click();
  await expect(page).toHaveURL(/\/find\/professionals\/\?q=NetSuite$/);
  await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('NetSuite');
  await page.goto('/');
  await expectNoAxeViolations(page);

  await page.goto('/contact-us/');
  await expect(page.getByRole('form', { name: 'Tell us about your project' })).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Radio buttons keep their size when their label wraps to two lines.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/request/new/web-design-and-development/');
  const radios = page.getByRole('main').getByRole('radio');
  await expect(radios.first()).toBeVisible();
  const sizes = await radios.evaluateAll((inputs) =>
    inputs.map((input) => {
      const box = input.getBoundingClientRect();
      const label = document.querySelector(`label[for="${input.id}"]`)?.getBoundingClientRect();
      return { width: Math.round(box.width), height: Math.round(box.height), labelHeight: label?.height ?? 0 };
    }),
  );
  // At least one label wraps here, or the check would prove nothing.
  expect(Math.max(...sizes.map((size) => size.labelHeight))).toBeGreaterThan(30);
  for (const size of sizes) expect([size.width, size.height]).toEqual([20, 20]);
  await expectNoAxeViolations(page);
});

test.describe.configure({ mode: 'serial' });

const freelancer: Person = {
  firstname: 'Ines',
  lastname: `Moreau${run}`,
  email: uniqueEmail('pages-pro'),
  password: 'Lantern-Orchard-58',
};

test('a new freelancer: the first project, the account menu and the pages not built yet', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpPerson(page, 'freelancer', freelancer);
  await verifyFromInbox(page, freelancer.email);
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/profile\/$/);
  await page
    .locator('input[type=file]')
    .setInputFiles(await pngFile('face.png', { width: 800, height: 600, colour: '#2f6fb0' }));
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/primary-service\/$/);
  await page.getByLabel('Primary service', { exact: true }).selectOption({ label: 'Finance Transformation' });
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/leads\/$/);
  await page.getByRole('radio', { name: 'Worldwide' }).check();
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/other-services\/$/);
  await page.getByRole('button', { name: 'Continue without other services' }).click();

  // The sample project gets its own story and dates.
  await expect(page).toHaveURL(/\/service-details\/$/);
  await page.getByLabel('Service', { exact: true }).selectOption({ label: 'Finance Transformation (primary)' });
  await page
    .getByLabel('What you offer')
    .fill('I implement NetSuite and build driver-based forecasts for SaaS finance teams, from close to board pack.');
  await page.getByLabel('Hourly rate').fill('95');
  await page.getByLabel('Currency', { exact: true }).selectOption('USD');
  await page.getByLabel('Years of experience').fill('9');
  await page.getByRole('searchbox', { name: 'Tools' }).fill('NetSui');
  await page.getByRole('list', { name: 'Matching tools' }).getByRole('button', { name: 'NetSuite' }).click();
  await page.getByLabel('Title of the sample project (optional)').fill('Month-end close redesign in NetSuite');
  const story = 'Cut the month-end close of a 200-person SaaS company from nine working days to four in NetSuite.';
  await page.getByLabel(/About the sample project/).fill(story);
  await page.getByLabel(/Sample project started on/).fill('2025-09-01');
  await page.getByLabel(/Sample project completed on/).fill('2025-12-12');
  await page.locator('input[type=file]').setInputFiles(await pngFile('close.png', { width: 800, height: 600 }));
  await page.getByRole('button', { name: 'Save and finish' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services\/$/);

  await page.goto('/dashboard/services/finance-transformation/projects/');
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Month-end close redesign in NetSuite' });
  await expect(card).toContainText(/Sept? 2025 to Dec 2025/);
  await expect(card).toContainText(story);
  await expect(card).not.toContainText('ongoing');
  await expect(card).not.toContainText('driver-based forecasts');
  // The uploaded image keeps its name.
  await expect(card.locator('img').first()).toHaveAttribute('src', /close\.png$/);

  // The account menu lists the freelancer's pages.
  await page.goto('/contact-us/');
  await page.getByRole('button', { name: /account menu/i }).click();
  const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list').last();
  await expect(menu.getByRole('link', { name: 'My public profile' })).toHaveAttribute(
    'href',
    /^\/freelancer\/[^/]+\/$/,
  );
  await expect(menu.getByRole('link', { name: 'My services' })).toHaveAttribute('href', '/dashboard/services/');
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings/');
  await expectNoAxeViolations(page);
  await menu.getByRole('link', { name: 'My public profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${freelancer.firstname} M.`);

  // The checkout's return page opened without a session claims no payment.
  await page.goto('/payments/checkout/success/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No payment to show');
  await expect(page.getByText('Payment received')).toHaveCount(0);
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The proposal form of a job that is not there says so and leads back.
  await page.goto('/jobs/VR-7K3D9Q2M/proposals/submit/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send a proposal');
  await expect(page.getByText('This job no longer takes proposals')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to the job' }).first()).toHaveAttribute(
    'href',
    '/jobs/VR-7K3D9Q2M/',
  );
  await expectNoAxeViolations(page);
});

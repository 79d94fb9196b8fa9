import { expect, test } from '@playwright/test';
import {
  aBusiness,
  fillBusinessOnboarding,
  pngFile,
  saveAndContinue,
  signUpBusiness,
  signUpPerson,
  uniqueEmail,
  verifyFromInbox,
  type Person,
} from './support';

// New providers from sign-up to the directories, against the real server.

const run = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

const freelancer: Person = {
  firstname: 'Ines',
  lastname: `Moreau${run}`,
  email: uniqueEmail('journey-pro'),
  password: 'Lantern-Orchard-58',
};

test('a freelancer signs up, is walked through onboarding in order, and is listed in /find/professionals/', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpPerson(page, 'freelancer', freelancer);
  await verifyFromInbox(page, freelancer.email);

  // Without a picture the freelancer is sent to profile setup first.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/profile\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a profile photo');
  await page
    .locator('input[type=file]')
    .setInputFiles(await pngFile('face.png', { width: 400, height: 400, colour: '#2f6fb0' }));
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await saveAndContinue(page);

  // Step 1: primary service.
  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/primary-service\/$/);
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByLabel('Primary service', { exact: true }).selectOption({ label: 'Finance Transformation' });
  await page
    .getByRole('group', { name: 'Specialities (optional)' })
    .getByRole('checkbox', { name: 'FP&A Revolution' })
    .check();
  await saveAndContinue(page);

  // Step 2: leads from California only.
  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/leads\/$/);
  await page.getByRole('radio', { name: 'My Location Only' }).check();
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await page.getByLabel(/^State/).selectOption({ label: 'California' });
  await saveAndContinue(page);

  // Leaving and coming back resumes at the first step not done.
  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/other-services\/$/);
  await page.goto('/');
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/other-services\/$/);

  // Step 3: other services.
  await page.getByRole('checkbox', { name: 'Data and Analytics' }).check();
  await saveAndContinue(page);

  // Step 4: service details with a sample image, the first portfolio project.
  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/service-details\/$/);
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
  await page
    .getByLabel(/About the sample project/)
    .fill('Cut the month-end close of a 200-person SaaS company from nine working days to four in NetSuite.');
  await page.getByLabel(/Sample project started on/).fill('2025-09-01');
  await page.locator('input[type=file]').setInputFiles(await pngFile('close.png', { width: 1600, height: 900 }));
  await page.getByRole('button', { name: 'Save and finish' }).click();

  // Onboarding done: the freelancer's home is the services dashboard.
  await expect(page).toHaveURL(/\/dashboard\/services\/$/);

  // A second portfolio project, with an image, under the other service.
  await page.goto('/dashboard/services/data-and-analytics/projects/add/');
  await page.getByLabel('Project title').fill('Churn dashboard for a subscription box company');
  await page
    .getByLabel('Description')
    .fill(
      'Modelled churn drivers from three years of orders and built a Power BI dashboard the retention team uses weekly.',
    );
  await page.getByRole('radio', { name: /^Medium/ }).check();
  await page.getByLabel('Started on').fill('2025-03-01');
  await page
    .locator('input[type=file][accept*="image"]')
    .setInputFiles(await pngFile('churn.png', { colour: '#3a9d5d' }));
  await expect(page.getByRole('list', { name: 'Images of the project' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Churn dashboard for a subscription box company');
  const stored = page.getByRole('list', { name: 'Images' }).locator('img').first();
  // Re-encoded as WebP, yet under the name it was uploaded with.
  await expect(stored).toHaveAttribute('src', /churn\.png$/);
  expect((await page.request.get((await stored.getAttribute('src'))!)).headers()['content-type']).toBe('image/webp');

  // Listed: a visitor finds the profile by a word of the service description's tool.
  await page.context().clearCookies();
  await page.goto(`/find/professionals/?q=${encodeURIComponent(freelancer.lastname)}`);
  // Public pages name a freelancer by first name and initial.
  const shownName = `${freelancer.firstname} M.`;
  const card = page.getByRole('article').filter({ hasText: shownName });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Finance Transformation')).toBeVisible();
  await card.getByRole('link', { name: shownName }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownName);
  // The profile picture is public, re-encoded as WebP under the name it was uploaded with.
  const avatar = page.getByRole('main').locator('img').first();
  await expect(avatar).toBeVisible();
  const src = await avatar.getAttribute('src');
  expect(src).toMatch(/face\.png$/);
  const picture = await page.request.get(src!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/webp');
});

const company = `Lakeshore Ledger ${run}`;
const businessEmail = uniqueEmail('journey-business');
const business = aBusiness({
  company,
  email: businessEmail,
  password: 'Ledger-Lantern-88',
  tagline: 'NetSuite and FP&A teams for growing Canadian companies.',
  about:
    'We implement NetSuite, automate month-end close and build planning models for mid-market finance teams across Canada, then stay on to run them.',
  website: 'https://lakeshore-ledger.example.com',
  yearFounded: '2016',
  contact: { firstname: 'Claire', lastname: 'Tremblay', jobTitle: 'Managing partner', phone: '+14165550199' },
  linkedin: 'https://www.linkedin.com/company/lakeshore-ledger',
});

test('a business signs up, goes through its onboarding steps, and is listed in /find/businesses/ by service and place', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpBusiness(page, business);
  await verifyFromInbox(page, businessEmail);

  // The dashboard sends an unfinished business to its first step.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/business\/details\/$/);

  // 1 and 2. Details and personal contact.
  await fillBusinessOnboarding(page, business, { through: 'personal-contact' });

  // Leaving and coming back resumes at the first step not done.
  await expect(page).toHaveURL(/\/auth\/su\/business\/about\/$/);
  await page.goto('/find/jobs/');
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/su\/business\/about\/$/);

  // 3 to 5. About, offices (the headquarters in Toronto) and social profiles.
  await fillBusinessOnboarding(page, business, { from: 'about' });

  // 6 and 7. Competitors and references may be skipped.
  // The address changes before the next page shows: each Skip waits for its own page's heading,
  // or it would press the previous page's button again.
  await expect(page).toHaveURL(/\/auth\/su\/business\/competitors\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Competitors');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/auth\/su\/business\/review-and-references\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews and references');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);

  // Listed: a visitor finds it filtered by its service and its province.
  await page.context().clearCookies();
  await page.goto('/find/finance-transformation/businesses/?country=CA&state=ON');
  const card = page.getByRole('article').filter({ hasText: company });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Enterprise Solutions')).toBeVisible();
  await page.goto('/find/mobile-app/businesses/?country=CA&state=ON');
  await expect(page.getByRole('article').filter({ hasText: company })).toHaveCount(0);
  await page.goto('/find/finance-transformation/businesses/?country=CA&state=BC');
  await expect(page.getByRole('article').filter({ hasText: company })).toHaveCount(0);

  await page.goto('/find/finance-transformation/businesses/?country=CA&state=ON');
  await page.getByRole('article').filter({ hasText: company }).getByRole('link', { name: company }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company);
  await expect(page.getByText('Toronto').first()).toBeVisible();
});

import { expect, test } from '@playwright/test';
import {
  aBusiness,
  expectNoAxeViolations,
  fillBusinessOnboarding,
  pngFile,
  saveAndContinue,
  signUpBusiness,
  signUpPerson,
  uniqueEmail,
  verifyFromInbox,
  type Person,
} from './support';

// Every freelancer onboarding step, reopened after a reload, starts from what the server holds;
// the steps with the shared state and time-zone pickers pass axe.

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const PASSWORD = 'Harbor-Willow-63';
const OFFER = 'I implement NetSuite and build driver-based forecasts for SaaS finance teams, from close to board pack.';

const freelancer: Person = {
  firstname: 'Ines',
  lastname: `Steps${run}`,
  email: uniqueEmail('freelancer-steps'),
  password: PASSWORD,
};

test('a freelancer goes through onboarding and sees every answer on each step reopened after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpPerson(page, 'freelancer', freelancer);
  await verifyFromInbox(page, freelancer.email);

  await page.goto('/auth/su/profile/');
  await page.locator('input[type=file]').setInputFiles(await pngFile('face.png'));
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/primary-service\/$/);
  await page.getByLabel('Primary service', { exact: true }).selectOption({ label: 'Finance Transformation' });
  await page
    .getByRole('group', { name: 'Specialities (optional)' })
    .getByRole('checkbox', { name: 'FP&A Revolution' })
    .check();
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/leads\/$/);
  await page.getByRole('radio', { name: 'My Location Only' }).check();
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await page.getByLabel(/^State/).selectOption({ label: 'California' });
  await expectNoAxeViolations(page);
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/other-services\/$/);
  await page.getByRole('checkbox', { name: 'Data and Analytics' }).check();
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/freelancer\/service-details\/$/);
  await page.getByLabel('What you offer').fill(OFFER);
  await page.getByLabel('Hourly rate').fill('95');
  await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
  await page.getByLabel('Years of experience').fill('9');
  await page.getByRole('searchbox', { name: 'Tools' }).fill('NetSui');
  await page.getByRole('list', { name: 'Matching tools' }).getByRole('button', { name: 'NetSuite' }).click();
  await page.getByLabel('Title of the sample project (optional)').fill('Month-end close redesign in NetSuite');
  await page
    .getByLabel(/About the sample project/)
    .fill('Cut the month-end close of a 200-person SaaS company from nine working days to four in NetSuite.');
  await page.getByLabel(/Sample project started on/).fill('2025-09-01');
  await page.locator('input[type=file]').setInputFiles(await pngFile('close.png'));
  await page.getByRole('button', { name: 'Save and finish' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services\/$/);

  // Each step reopened on a fresh page load.
  await page.goto('/auth/su/freelancer/primary-service/');
  await page.reload();
  await expect(page.getByLabel('Primary service', { exact: true })).toHaveValue('finance-transformation');
  const specialities = page.getByRole('group', { name: 'Specialities (optional)' });
  await expect(specialities.getByRole('checkbox', { name: 'FP&A Revolution' })).toBeChecked();

  await page.goto('/auth/su/freelancer/leads/');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'My Location Only' })).toBeChecked();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await expect(page.getByLabel(/^State/)).toHaveValue('CA');

  await page.goto('/auth/su/freelancer/other-services/');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Data and Analytics' })).toBeChecked();

  await page.goto('/auth/su/freelancer/service-details/');
  await page.reload();
  await expect(page.getByLabel('Service', { exact: true })).toHaveValue('finance-transformation');
  await expect(page.getByLabel('What you offer')).toHaveValue(OFFER);
  await expect(page.getByLabel('Hourly rate')).toHaveValue('95');
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('EUR');
  await expect(page.getByLabel('Years of experience')).toHaveValue('9');
  await expect(page.getByRole('list', { name: 'Chosen tools' })).toContainText('NetSuite');
  await expect(page.getByText(/Your sample project “Month-end close redesign in NetSuite” is saved/)).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/service-details.png`, fullPage: true });
});

test('the business locations step, with its state picker, has no accessibility violations', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('steps-business');
  const business = aBusiness({ company: `Harborline Steps ${run}`, email, password: PASSWORD });
  await signUpBusiness(page, business);
  await verifyFromInbox(page, email);

  await page.goto('/auth/su/business/details/');
  await fillBusinessOnboarding(page, business, { through: 'about' });

  await expect(page).toHaveURL(/\/auth\/su\/business\/locations\/$/);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
  await page.getByLabel(/^Province|^State/).selectOption({ label: 'Ontario' });
  await expectNoAxeViolations(page);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/business-locations.png`, fullPage: true });
});

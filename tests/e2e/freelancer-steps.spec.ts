import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { emailLinkTo, signUpPerson, uniqueEmail, type Person, expectNoAxeViolations } from './support';

// Every freelancer onboarding step, reopened after a reload, starts from what the server holds;
// the steps with the shared state and time-zone pickers pass axe.

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const PASSWORD = 'Harbor-Willow-63';
const OFFER = 'I implement NetSuite and build driver-based forecasts for SaaS finance teams, from close to board pack.';

async function pngFile(name: string): Promise<string> {
  const path = join(tmpdir(), `${run}-${name}`);
  writeFileSync(
    path,
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d9822b' } })
      .png()
      .toBuffer(),
  );
  return path;
}

const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

async function verifyFromInbox(page: Page, email: string): Promise<void> {
  await page.goto(await emailLinkTo(email, '/auth/verification/'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/verified/i);
}

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
  await page.goto('/auth/business/signup/');
  await page.getByLabel('Company name').fill(`Harborline Steps ${run}`);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('How did you hear about us?').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email\/$/);
  await verifyFromInbox(page, email);

  await page.goto('/auth/su/business/details/');
  await page.getByLabel('Tagline').fill('Finance operations for growing logistics companies.');
  await page
    .getByLabel('About the business')
    .fill(
      'We run month-end close, planning and reporting for logistics and freight companies across North America, then train their finance teams to own it.',
    );
  await page.getByLabel('Website').fill('https://harborline.example.com');
  await page.getByLabel('Year founded').fill('2015');
  await page.getByLabel('Type of business').selectOption({ index: 1 });
  await page.getByLabel('Main industry').selectOption({ index: 1 });
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/business\/personal-contact\/$/);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Lindqvist');
  await page.getByLabel('Job title').fill('Founder');
  await page.getByLabel(/Phone/).fill('+14155550132');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/business\/about\/$/);
  await page
    .getByRole('group', { name: 'Services' })
    .getByRole('checkbox', { name: /Enterprise Solutions/ })
    .check();
  await page.getByRole('radiogroup', { name: 'Team size' }).getByRole('radio', { name: '10 - 49 employees' }).check();
  await page.getByLabel('Smallest project you take on').selectOption({ label: '$25,000+' });
  await page.getByLabel('Average hourly rate').selectOption({ label: '$100 - $149 / hr' });
  await page.getByRole('searchbox', { name: /Languages/ }).fill('Fren');
  await page.getByRole('button', { name: 'French' }).click();
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/auth\/su\/business\/locations\/$/);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
  await page.getByLabel(/^Province|^State/).selectOption({ label: 'Ontario' });
  await expectNoAxeViolations(page);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/business-locations.png`, fullPage: true });
});

import { expect, test, type Page } from '@playwright/test';
import { emailLinkTo, expectNoAxeViolations, signOut, signUpPerson, uniqueEmail, type Person } from './support';

// A new client's request from the first keystroke to the job board, against the real server.

const TITLE = `Power BI margin dashboards for a wholesale distributor ${Date.now().toString(36)}`;
const COMPANY = 'Harbor Supply Co.';

const client: Person = {
  firstname: 'Maya',
  lastname: 'Patel',
  email: uniqueEmail('journey-client'),
  password: 'Lantern-Orchard-58',
};
const freelancer: Person = {
  firstname: 'Omar',
  lastname: 'Haddad',
  email: uniqueEmail('journey-freelancer'),
  password: 'Lantern-Orchard-58',
};

/** Ticks the first choice of a group of checkboxes (a catalogue list of several answers). */
async function tickFirst(page: Page, group: string) {
  await page.getByRole('group', { name: group }).getByRole('checkbox').first().check();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test.describe.configure({ mode: 'serial' });

test('a visitor drafts a business data request over several steps, signs up, verifies and posts it', async ({
  page,
}) => {
  await page.goto('/request/new/data-and-analytics/business/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business data and analytics');

  // Your business
  await page.getByLabel('Request title').fill(TITLE);
  await page.getByLabel('Company name').fill(COMPANY);
  await page.getByLabel('Size of your organisation').selectOption({ index: 2 });
  await next(page);

  // Your data
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await tickFirst(page, 'Where is the data?');
  await next(page);

  // The visitor leaves in the middle and comes back to the same answers.
  await page.goto('/');
  await page.goto('/request/new/data-and-analytics/business/');
  await expect(page.getByText('We kept your answers from last time.')).toBeVisible();

  // The analysis
  await expect(page.getByRole('heading', { name: 'The analysis' })).toBeVisible();
  await tickFirst(page, 'What kind of analysis?');
  await tickFirst(page, 'What should you receive?');
  await page
    .getByLabel('Describe the project')
    .fill('Weekly sales and margin reports are built by hand in Excel from NetSuite exports; we want live dashboards.');
  await next(page);

  // Budget and timeline
  await page.getByLabel('From').fill('8000');
  await page.getByLabel('Up to').fill('15000');
  await page.getByLabel('How long will the work take?').selectOption({ index: 3 });
  await page.getByRole('radiogroup', { name: 'When will you hire?' }).getByRole('radio').first().check();
  await next(page);

  // Files and final details, then the review.
  await next(page);
  await expect(page.getByText(TITLE)).toBeVisible();
  await page.getByRole('button', { name: 'Submit request' }).click();

  // Only clients post: the visitor is sent to sign up as one, the draft kept.
  await expect(page).toHaveURL(/\/auth\/client\/signup\/\?next=/);
  await page.getByLabel('First name').fill(client.firstname);
  await page.getByLabel('Last name').fill(client.lastname);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email\//);

  await page.goto(await emailLinkTo(client.email, '/auth/verification/'));
  await expect(page.locator('[data-status="verified"]')).toBeVisible();
  await page.getByRole('link', { name: /continue/i }).click();

  // Back at the form with every answer: straight to the review and Submit.
  await expect(page).toHaveURL(/\/request\/new\/data-and-analytics\/business\//);
  await expect(page.getByText(TITLE)).toBeVisible();
  await page.getByRole('button', { name: 'Submit request' }).click();

  // The dashboard lists it, newest first, open, with no proposals yet.
  await expect(page).toHaveURL(/\/dashboard\/requests\/$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Open');
  await expect(card).toContainText(/no proposals yet/i);

  // Its details show the answers from the form's schema, the company name included.
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('tab', { name: 'Request Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(COMPANY);
  await page.getByRole('tab', { name: 'Client Details' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Maya');
  await expectNoAxeViolations(page);

  // Clients have no job board.
  await page.goto('/find/jobs/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('403');
  await signOut(page);
});

test('a freelancer finds the request on the job board by search and filters', async ({ page }) => {
  await signUpPerson(page, 'freelancer', freelancer);
  await page.goto(await emailLinkTo(freelancer.email, '/auth/verification/'));
  await expect(page.locator('[data-status="verified"]')).toBeVisible();

  await page.goto('/find/jobs/');
  const search = page.getByRole('searchbox');
  await search.fill('margin dashboards');
  await search.press('Enter');
  const result = page.getByRole('article').filter({ hasText: TITLE });
  await expect(result).toBeVisible();
  await expectNoAxeViolations(page);

  // Narrow by family and budget: still there; a family it is not in: gone.
  await page.goto(`/find/data-and-analytics/jobs/?q=${encodeURIComponent('margin dashboards')}&budgetMin=10000`);
  await expect(page.getByRole('article').filter({ hasText: TITLE })).toBeVisible();
  await page.goto(`/find/mobile-app/jobs/?q=${encodeURIComponent('margin dashboards')}`);
  await expect(page.getByRole('article').filter({ hasText: TITLE })).toHaveCount(0);

  // The job page shows the answers but never the client's company.
  await page.goto(`/find/jobs/?q=${encodeURIComponent('margin dashboards')}`);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(/\/jobs\/VR-[0-9A-Z]{8}\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('main')).toContainText('Describe the project');
  await expect(page.getByRole('main')).not.toContainText(COMPANY);
  await expectNoAxeViolations(page);
});

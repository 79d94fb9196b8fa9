import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, emailLinkTo, expectNoAxeViolations, onboardFreelancer, pngBuffer, uniqueEmail } from './support';
import { E2E_ORIGIN } from './settings';

// Each account type's completion card reaches 100% as its profile is filled: most items through
// the API with the browser's own session (to keep the test short), the photo or logo and one
// section through the pages the card's links open, the card following without a reload.

const PASSWORD = 'Lantern-Orchard-58';
/** Where the card's pictures go, before and after (`COMPLETION_SHOTS` to keep them elsewhere). */
const SHOTS = process.env.COMPLETION_SHOTS ?? join(tmpdir(), 'completion-shots');

/** Signs up through the API (the browser keeps the session) and opens the emailed verification link. */
async function signUpAndVerify(page: Page, accountType: 'client' | 'freelancer' | 'business'): Promise<string> {
  const email = uniqueEmail(`completion-${accountType}`);
  const names =
    accountType === 'business'
      ? { companyname: 'Lakeshore Ledger', heardAboutUs: 'linkedin' }
      : { firstname: 'Ines', lastname: 'Moreau' };
  await api(page.request, 'POST', `/api/auth/register/${accountType}/`, {
    json: { ...names, email, password: PASSWORD },
  });
  await page.goto(await emailLinkTo(email, '/auth/verification/'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/verified/i);
  return email;
}

/** A reviewer, in a browser of their own, leaves a review through the link emailed to them. */
async function leaveReview(reviewer: APIRequestContext, address: string, provider: 'business' | 'freelancer') {
  const link = await emailLinkTo(address, `/${provider}/review/`);
  const token = /\/review\/([^/]+)\/leave\/$/.exec(link)![1]!;
  await api(reviewer, 'PATCH', `/api/account/provider/review-and-references/${token}/submit/`, {
    json: {
      rating: 5,
      title: 'Our month-end close went from nine days to four',
      text: 'They rebuilt our forecasting model and automated the board pack, and trained our analysts.',
      reviewerName: 'Priya Raman',
      reviewerRole: 'VP Finance',
      projectSummary: 'Rolling 18-month forecast and board pack automation.',
      wouldRecommend: true,
    },
  });
}

const card = (page: Page) => page.locator('section.completion-card');
const ring = (page: Page) => card(page).getByRole('progressbar', { name: 'Profile completion' });

async function expectScore(page: Page, score: number) {
  await expect(ring(page)).toHaveAttribute('aria-valuenow', String(score));
}

async function shoot(locator: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await locator.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });
}

/** Uploads a picture in Settings › Profile photo / logo and saves it. */
async function savePicture(page: Page, noun: 'photo' | 'logo') {
  const section = page.locator('#profile-image');
  await section.locator('input[type=file]').setInputFiles({
    name: `${noun}.png`,
    mimeType: 'image/png',
    buffer: await pngBuffer(400, 400, noun === 'logo' ? '#1d5c63' : '#2f6fb0'),
  });
  await section.getByRole('button', { name: `Save new ${noun}` }).click();
  await expect(section.getByRole('button', { name: `Save new ${noun}` })).toHaveCount(0);
}

const PERSONAL = {
  firstname: 'Ines',
  lastname: 'Moreau',
  phone: '+13125550187',
  country: 'US',
  state: 'IL',
  city: 'Chicago',
  timezone: 'America/Chicago',
};

test.describe.configure({ mode: 'serial' });

test('a client fills the profile and the card reaches 100%', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page, 'client');
  const request = page.request;
  await api(request, 'PUT', '/api/account/client/settings/personal-details/', { json: PERSONAL });
  await api(request, 'PUT', '/api/account/client/settings/profile-details/', {
    json: {
      companyName: 'Brightline Logistics',
      jobTitle: 'VP Finance',
      industry: 'logistics-and-transportation',
      businessSize: '201-500',
      website: 'https://www.brightline-logistics.com',
      linkedin: 'https://www.linkedin.com/in/priya-raman-finance/',
    },
  });
  await api(request, 'PUT', '/api/account/client/about/update/', {
    json: {
      about: 'Brightline Logistics runs regional freight for 400 retailers across the Midwest.',
      industry: 'logistics-and-transportation',
      businessSize: '201-500',
      website: 'https://www.brightline-logistics.com',
    },
  });

  await page.goto('/dashboard/');
  await expectScore(page, 85);
  await shoot(card(page), 'client-before');

  // The card's link opens the photo section of the settings; back on the dashboard, no reload.
  await card(page).getByRole('link', { name: 'Add a profile photo' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/#profile-image$/);
  await savePicture(page, 'photo');
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expectScore(page, 100);
  await expectNoAxeViolations(page);
  await expect(card(page).getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  await expect(card(page).getByRole('link')).toHaveCount(0);
  await shoot(card(page), 'client-after');
});

test('a freelancer fills the profile and the card reaches 100%', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page, 'freelancer');
  const request = page.request;
  await onboardFreelancer(request, { photo: false });
  await api(request, 'POST', '/api/account/freelancer/projects/add/', {
    multipart: {
      serviceSlug: 'data-and-analytics',
      title: 'Churn dashboard for a subscription box company',
      description: 'Modelled churn drivers from three years of orders and built a dashboard the team uses weekly.',
      projectSize: 'medium',
      startedOn: '2025-03-01',
      images: { name: 'churn.png', mimeType: 'image/png', buffer: await pngBuffer(1200, 800, '#3a9d5d') },
    },
  });
  await api(request, 'PUT', '/api/account/freelancer/about/update/', {
    json: {
      headline: 'NetSuite and FP&A consultant for SaaS finance teams',
      about: 'I help finance teams at growing SaaS companies close faster and plan with confidence, nine years in.',
      hourlyRate: { amount: 95, currency: 'USD' },
      yearsOfExperience: 9,
      availability: 'part-time',
    },
  });
  await api(request, 'POST', '/api/account/freelancer/education/set/', {
    json: {
      entries: [{ school: 'University of Michigan', degree: 'MAcc', field: null, startYear: 2013, endYear: 2015 }],
    },
  });
  await api(request, 'POST', '/api/account/freelancer/experience/set/', {
    json: {
      entries: [
        {
          company: 'Deloitte',
          title: 'Senior Consultant',
          location: 'Chicago, IL',
          description: null,
          startDate: '2015-09-01',
          endDate: '2020-06-01',
          current: false,
        },
      ],
    },
  });
  await api(request, 'POST', '/api/account/freelancer/languages/set/', {
    json: { entries: [{ code: 'en', proficiency: 'native' }] },
  });
  await api(request, 'PUT', '/api/account/freelancer/settings/personal-details/', { json: PERSONAL });
  const reviewerEmail = uniqueEmail('completion-reviewer');
  await api(request, 'POST', '/api/account/provider/review-and-references/ask/', {
    json: { name: 'Priya Raman', email: reviewerEmail, company: 'Brightline Logistics', message: null },
  });
  const reviewer = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  await leaveReview(reviewer, reviewerEmail, 'freelancer');
  await reviewer.dispose();

  // Without a photo the freelancer is sent to profile setup first: the photo goes in there.
  await page.goto('/dashboard/services/');
  await expect(page).toHaveURL(/\/auth\/su\/profile\/$/);
  await page.locator('input[type=file]').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: await pngBuffer(400, 400, '#2f6fb0'),
  });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).not.toHaveURL(/\/auth\/su\/profile\/$/);
  await page.goto('/dashboard/services/');
  await expectScore(page, 95);
  await shoot(card(page), 'freelancer-before');

  // The tagline, through the card's link to its settings section.
  await card(page).getByRole('link', { name: 'Write a tagline' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/#tagline$/);
  const tagline = page.locator('#tagline');
  await tagline.getByLabel('Tagline').fill('I turn month-end chaos into a four-day close.');
  await tagline.getByRole('button', { name: 'Save tagline' }).click();
  await expect(page.getByText('Tagline saved.')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/services\/$/);
  await expectScore(page, 100);
  await expectNoAxeViolations(page);
  await expect(card(page).getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  await shoot(card(page), 'freelancer-after');
});

test('a business fills the profile and the card reaches 100%', async ({ page, playwright, browser }) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page, 'business');
  const request = page.request;
  await api(request, 'POST', '/api/account/business/details/set/', {
    json: {
      companyName: 'Lakeshore Ledger',
      tagline: 'NetSuite and FP&A teams for growing companies.',
      description:
        'We implement NetSuite, automate month-end close and build planning models for mid-market finance teams, then stay on to run them.',
      website: 'https://lakeshore-ledger.example.com',
      foundedYear: 2016,
      businessType: 'agency',
      industry: 'financial-services',
    },
  });
  await api(request, 'POST', '/api/account/business/personal-contact/set/', {
    json: {
      firstname: 'Claire',
      lastname: 'Tremblay',
      jobTitle: 'Managing partner',
      phone: '+14165550199',
      email: uniqueEmail('completion-contact'),
    },
  });
  await api(request, 'POST', '/api/account/business/about/set/', {
    json: {
      services: ['finance-transformation/fp-and-a-revolution'],
      totalEmployees: '10-49',
      minimumProjectSize: '25000-plus',
      averageHourlyRate: '100-149',
      languages: ['en'],
    },
  });
  await api(request, 'POST', '/api/account/business/locations/set/', {
    json: {
      locations: [
        {
          label: 'Headquarters',
          line1: '548 Market Street',
          line2: null,
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94104',
          country: 'US',
          phone: null,
          isHeadquarters: true,
        },
      ],
    },
  });
  await api(request, 'POST', '/api/account/business/social-profiles/set/', {
    json: { linkedin: 'https://www.linkedin.com/company/lakeshore-ledger' },
  });
  // The first reference leaves a review through the link emailed by the onboarding step.
  const referenceEmail = uniqueEmail('completion-reference');
  await api(request, 'POST', '/api/account/business/review-and-references/set/', {
    json: {
      references: [
        {
          name: 'Priya Raman',
          email: referenceEmail,
          company: 'Brightline Logistics',
          projectSummary: 'Rolling 18-month forecast and board pack automation.',
          relationship: 'client',
        },
      ],
    },
  });
  const reviewer = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  await leaveReview(reviewer, referenceEmail, 'business');
  await reviewer.dispose();

  await page.goto('/dashboard/');
  await expectScore(page, 85);
  await expect(card(page).getByRole('link', { name: 'Collect your first review' })).toHaveCount(0);
  await shoot(card(page), 'business-before');

  // The logo, through the card's link to the settings.
  await card(page).getByRole('link', { name: 'Upload your logo' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/#profile-image$/);
  await savePicture(page, 'logo');
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expectScore(page, 95);

  // The competitors, through the card's link to their onboarding step.
  await card(page).getByRole('link', { name: 'Name your competitors' }).click();
  await expect(page).toHaveURL(/\/auth\/su\/business\/competitors\/$/);
  await page.getByLabel(/^Name/).fill('Summit Ledger Partners');
  await page.getByLabel(/^Website/).fill('https://www.summitledger.com');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).not.toHaveURL(/\/auth\/su\/business\/competitors\/$/);
  await page.goto('/dashboard/');
  await expectScore(page, 100);
  await expectNoAxeViolations(page);
  await expect(card(page).getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  await shoot(card(page), 'business-after');

  // What the checklist counts is what visitors see: the logo and the review on the public page.
  const companyId = (
    (await (await request.get('/api/auth/me/')).json()) as { data: { business: { companyId: string } } }
  ).data.business.companyId;
  await page.goto(`/business/${companyId}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lakeshore Ledger');
  await expect(page.getByText('Our month-end close went from nine days to four')).toBeVisible();
  await expectNoAxeViolations(page);
  const logo = (await (await request.get(`/api/account/public/business/${companyId}/`)).json()) as {
    data: { logoUrl: string | null };
  };
  // The logo keeps the name it was uploaded with.
  expect(logo.data.logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/logo\.png$/);
  await page.screenshot({ path: join(SHOTS, 'business-public.png'), fullPage: false });

  // A visitor gets the page drawn by the server, as it is now: readable before any script runs.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const drawn = await visitor.newPage();
  await drawn.goto(`/business/${companyId}/`);
  await expect(drawn.getByRole('heading', { level: 1 })).toHaveText('Lakeshore Ledger');
  await expect(drawn.getByText('Our month-end close went from nine days to four')).toBeVisible();
  await expect(drawn).toHaveTitle('Lakeshore Ledger | Versimarket');
  await drawn.screenshot({ path: join(SHOTS, 'business-public-drawn.png'), fullPage: false });
  await visitor.close();
});

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { readOutbox, type OutboxEmail } from '../support/outbox';
import { E2E_DATA_DIR } from './settings';

/** Where the server under test writes its emails (no SMTP server in the tests). */
export const OUTBOX_DIR = resolve(E2E_DATA_DIR, 'outbox');

/** A fresh address per test run, so reruns against a kept server do not collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The path of the first link in an email that leads to the given page path. */
export function linkPath(email: OutboxEmail, pathStart: string): string {
  const link = email.links.map((href) => new URL(href)).find((url) => url.pathname.startsWith(pathStart));
  if (!link) throw new Error(`no ${pathStart} link in "${email.subject}": ${email.links.join(', ')}`);
  return link.pathname + link.search;
}

/**
 * Waits for the newest email to an address holding a link to the given page, and returns the
 * link's path. Some emails (password reset) are sent after the answer, so they arrive late.
 */
export async function emailLinkTo(address: string, pathStart: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const email = readOutbox(OUTBOX_DIR)
      .reverse()
      .find(
        (candidate) =>
          candidate.to.toLowerCase().includes(address.toLowerCase()) &&
          candidate.links.some((href) => new URL(href).pathname.startsWith(pathStart)),
      );
    if (email) return linkPath(email, pathStart);
    if (Date.now() > deadline) throw new Error(`no email to ${address} with a ${pathStart} link in ${OUTBOX_DIR}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Opens the verification link sent to the address and checks the page says the email is verified. */
export async function verifyFromInbox(page: Page, email: string): Promise<void> {
  await page.goto(await emailLinkTo(email, '/auth/verification/'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/verified/i);
}

/** Saves the onboarding step on screen and moves on to the next one. */
export const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

const pngRun = Date.now().toString(36);

/** A plain PNG of the given size and colour, written where the file pickers can read it. */
export async function pngFile(
  name: string,
  { width = 1200, height = 800, colour = '#d9822b' }: { width?: number; height?: number; colour?: string } = {},
): Promise<string> {
  const path = join(tmpdir(), `${pngRun}-${name}`);
  writeFileSync(
    path,
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return path;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

export interface Person {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

export async function signUpPerson(page: Page, type: 'client' | 'freelancer', person: Person): Promise<void> {
  await page.goto(`/auth/${type}/signup/`);
  await page.getByLabel('First name').fill(person.firstname);
  await page.getByLabel('Last name').fill(person.lastname);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email\/$/);
}

export async function logIn(page: Page, email: string, password: string, rememberMe = false): Promise<void> {
  await page.goto('/auth/login/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Signs out through whichever header the page shows: the site header keeps "Sign out" in the
 * account menu, the logo-only header shows it as a button. The page may still be moving (after
 * sign-in, the logo-only header gives way to the dashboard's), so each try resolves the header
 * present at that moment with auto-waiting locators, and a try whose button was replaced by a
 * re-render is retried instead of waiting on a detached element.
 */
export async function signOut(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const menu = page.getByRole('button', { name: /account menu/i });
  const signOutButton = banner.getByRole('button', { name: 'Sign out' });
  const loginLink = banner.getByRole('link', { name: 'Login' });
  await page.waitForLoadState();
  await expect(async () => {
    await expect(menu.or(signOutButton).first()).toBeVisible({ timeout: 2_000 });
    if (!(await signOutButton.isVisible())) await menu.click({ timeout: 2_000 });
    await signOutButton.click({ timeout: 2_000 });
    await expect(loginLink).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * axe finds nothing on the page at any impact (moderate and minor included): the WCAG 2.1 A/AA
 * rules and the best practices (landmarks, named regions).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const practices = await new AxeBuilder({ page }).withTags(['best-practice']).analyze();
  const all = [...violations, ...practices.violations].map(
    (v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(all).toEqual([]);
}

/** A business account and the answers its onboarding steps are filled with. */
export interface Business {
  company: string;
  email: string;
  password: string;
  tagline: string;
  about: string;
  website: string;
  yearFounded: string;
  contact: { firstname: string; lastname: string; jobTitle: string; phone: string };
  linkedin: string;
}

/** A business with the account details given and, unless overridden, the same onboarding answers. */
export function aBusiness(account: Pick<Business, 'company' | 'email' | 'password'> & Partial<Business>): Business {
  return {
    tagline: 'Finance operations for growing logistics companies.',
    about:
      'We run month-end close, planning and reporting for logistics and freight companies across North America, then train their finance teams to own it.',
    website: 'https://harborline.example.com',
    yearFounded: '2015',
    contact: { firstname: 'Nora', lastname: 'Lindqvist', jobTitle: 'Founder', phone: '+14155550132' },
    linkedin: 'https://www.linkedin.com/company/harborline-advisory',
    ...account,
  };
}

/** Signs a business up; the verification email is then waiting in the outbox. */
export async function signUpBusiness(page: Page, business: Business): Promise<void> {
  await page.goto('/auth/business/signup/');
  await page.getByLabel('Company name').fill(business.company);
  await page.getByLabel('Work email').fill(business.email);
  await page.getByLabel('Password', { exact: true }).fill(business.password);
  await page.getByLabel('How did you hear about us?').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/auth\/verification\/email\/$/);
}

/** The business onboarding steps with a form, in the order they come. */
export const BUSINESS_STEPS = ['details', 'personal-contact', 'about', 'locations', 'social-profiles'] as const;
export type BusinessStep = (typeof BUSINESS_STEPS)[number];

/**
 * Fills and saves the business onboarding steps from `from` through `through` (by default all the
 * steps with a form, from details to social profiles), each time checking the step is the one
 * shown. Every business offers Enterprise Solutions, has 10 - 49 employees and its headquarters
 * in Toronto, Ontario.
 */
export async function fillBusinessOnboarding(
  page: Page,
  business: Business,
  { from = 'details', through = 'social-profiles' }: { from?: BusinessStep; through?: BusinessStep } = {},
): Promise<void> {
  const steps = BUSINESS_STEPS.slice(BUSINESS_STEPS.indexOf(from), BUSINESS_STEPS.indexOf(through) + 1);
  for (const step of steps) {
    await expect(page).toHaveURL(new RegExp(`/auth/su/business/${step}/$`));
    switch (step) {
      case 'details':
        await page.getByLabel('Tagline').fill(business.tagline);
        await page.getByLabel('About the business').fill(business.about);
        await page.getByLabel('Website').fill(business.website);
        await page.getByLabel('Year founded').fill(business.yearFounded);
        await page.getByLabel('Type of business').selectOption({ index: 1 });
        await page.getByLabel('Main industry').selectOption({ index: 1 });
        break;
      case 'personal-contact':
        await page.getByLabel('First name').fill(business.contact.firstname);
        await page.getByLabel('Last name').fill(business.contact.lastname);
        await page.getByLabel('Job title').fill(business.contact.jobTitle);
        await page.getByLabel(/Phone/).fill(business.contact.phone);
        await page.getByLabel('Email', { exact: true }).fill(business.email);
        break;
      case 'about':
        await page
          .getByRole('group', { name: 'Services' })
          .getByRole('checkbox', { name: /Enterprise Solutions/ })
          .check();
        await page
          .getByRole('radiogroup', { name: 'Team size' })
          .getByRole('radio', { name: '10 - 49 employees' })
          .check();
        await page.getByLabel('Smallest project you take on').selectOption({ label: '$25,000+' });
        await page.getByLabel('Average hourly rate').selectOption({ label: '$100 - $149 / hr' });
        await page.getByRole('searchbox', { name: /Languages/ }).fill('Fren');
        await page.getByRole('button', { name: 'French' }).click();
        break;
      case 'locations':
        await page.getByLabel('Street address').fill('100 King Street West');
        await page.getByLabel('City').fill('Toronto');
        await page.getByLabel('Postal code').fill('M5X 1A9');
        await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
        await page.getByLabel(/^Province|^State/).selectOption({ label: 'Ontario' });
        await page.getByLabel('This is our headquarters').check();
        break;
      case 'social-profiles':
        await page.getByLabel('LinkedIn').fill(business.linkedin);
        break;
    }
    await saveAndContinue(page);
  }
}

export type ApiBody = Record<string, unknown>;
export type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** A PNG in memory, for a multipart call. */
export const pngBuffer = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * A call as the web app makes it: with the session's cookies and a CSRF token from GET /api/csrf/.
 * For what a test only needs done, not shown (the pages that do it have tests of their own).
 */
export async function api(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: { json?: ApiBody; multipart?: Record<string, string | FilePart> },
): Promise<ApiBody> {
  const csrf = (await (await request.get('/api/csrf/')).json()) as { data: { csrfToken: string } };
  const response = await request.fetch(url, {
    method,
    headers: { 'X-CSRF-Token': csrf.data.csrfToken },
    data: body?.json,
    multipart: body?.multipart,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: ApiBody }).data;
}

/** Signs up through the API (the browser keeps the session) and opens the emailed verification link. */
export async function signUpAndVerify(
  page: Page,
  accountType: 'client' | 'freelancer' | 'business',
  names: ApiBody,
  email: string,
  password: string,
): Promise<void> {
  await api(page.request, 'POST', `/api/auth/register/${accountType}/`, { json: { ...names, email, password } });
  await verifyFromInbox(page, email);
}

/**
 * A verified freelancer's onboarding through the API with the browser's session: primary service
 * (finance transformation), leads from anywhere, one other service, the service details with a
 * sample project, and (unless `photo` is false) the profile photo that lists them.
 */
export async function onboardFreelancer(
  request: APIRequestContext,
  { photo = true, rate = '95', currency = 'USD' }: { photo?: boolean; rate?: string; currency?: string } = {},
): Promise<void> {
  const tools = (await (await request.get('/api/service/tool/all/')).json()) as { data: { id: number }[] };
  await api(request, 'POST', '/api/account/provider/primary-service/set/', {
    json: { serviceSlug: 'finance-transformation' },
  });
  await api(request, 'POST', '/api/account/provider/leads-location/set/', { json: { type: 'worldwide' } });
  await api(request, 'PATCH', '/api/account/provider/other-service/update/', {
    json: { serviceSlugs: ['data-and-analytics'] },
  });
  await api(request, 'POST', '/api/account/freelancer/service-details/set/', {
    multipart: {
      serviceSlug: 'finance-transformation',
      description: 'I implement and optimise NetSuite for SaaS and services companies, from close to board reporting.',
      hourlyRate: rate,
      currency,
      yearsOfExperience: '9',
      tools: String(tools.data[0]!.id),
      projectTitle: 'Month-end close redesign',
      projectDescription: 'Redesigned the month-end close for a SaaS company, from eleven days to four.',
      projectStartedOn: '2025-09-01',
      images: { name: 'close.png', mimeType: 'image/png', buffer: await pngBuffer(1200, 800, '#d9822b') },
    },
  });
  if (photo) {
    await api(request, 'POST', '/api/account/update/profile/', {
      multipart: { image: { name: 'face.png', mimeType: 'image/png', buffer: await pngBuffer(400, 400, '#2f6fb0') } },
    });
  }
}

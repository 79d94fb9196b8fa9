import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { emailLinkTo, expectNoAxeViolations, uniqueEmail } from './support';

// A freelancer's public page names the place saved in settings: the state and the country by
// name ("Leeds, England, United Kingdom"), never by code. Onboarding goes through the API with the
// browser's own session; the place and the photo are saved on the settings page.

const PASSWORD = 'Copper-Meadow-41';

type Body = Record<string, unknown>;
type FilePart = { name: string; mimeType: string; buffer: Buffer };

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A call as the web app makes it: with the session's cookies and a CSRF token from GET /api/csrf/. */
async function api(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: { json?: Body; multipart?: Record<string, string | FilePart> },
): Promise<Body> {
  const csrf = (await (await request.get('/api/csrf/')).json()) as { data: { csrfToken: string } };
  const response = await request.fetch(url, {
    method,
    headers: { 'X-CSRF-Token': csrf.data.csrfToken },
    data: body?.json,
    multipart: body?.multipart,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: Body }).data;
}

const section = (page: Page, name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('a freelancer’s public page shows the place saved in settings by name', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('place-freelancer');
  await api(page.request, 'POST', '/api/auth/register/freelancer/', {
    json: { firstname: 'Oliver', lastname: 'Hartley', email, password: PASSWORD },
  });
  await page.goto(await emailLinkTo(email, '/auth/verification/'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/verified/i);

  const request = page.request;
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
      hourlyRate: '85',
      currency: 'GBP',
      yearsOfExperience: '7',
      tools: String(tools.data[0]!.id),
      projectTitle: 'Month-end close redesign',
      projectDescription: 'Redesigned the month-end close for a SaaS company, from eleven days to four.',
      projectStartedOn: '2025-09-01',
      images: { name: 'close.png', mimeType: 'image/png', buffer: await png(1200, 800, '#d9822b') },
    },
  });
  const me = (await api(request, 'GET', '/api/auth/me/')) as { id: string };

  // The place, chosen by name on the settings page; the photo that lists the profile.
  await page.goto('/dashboard/settings/');
  const personal = section(page, 'Personal details');
  await personal.getByLabel(/^Phone/).fill('+441134960000');
  await personal.getByLabel('Country', { exact: true }).selectOption({ label: 'United Kingdom' });
  await personal.getByLabel(/^State or region/).selectOption({ label: 'England' });
  await personal.getByLabel(/^City/).fill('Leeds');
  await personal.getByRole('searchbox', { name: /search time zones/i }).fill('London');
  await personal.getByLabel('Time zone', { exact: true }).selectOption('Europe/London');
  await personal.getByRole('button', { name: 'Save personal details' }).click();
  await expect(page.getByText('Personal details saved.')).toBeVisible();
  await expect(personal.getByLabel(/^State or region/)).toHaveValue('ENG');

  const photo = page.locator('#profile-image');
  await photo.locator('input[type=file]').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: await png(400, 400, '#2f6fb0'),
  });
  await photo.getByRole('button', { name: 'Save new photo' }).click();
  await expect(photo.getByRole('button', { name: 'Save new photo' })).toHaveCount(0);

  await page.goto(`/freelancer/${me.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Oliver');
  await expect(page.getByText('Leeds, England, United Kingdom', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByText(/\bENG\b/)).toHaveCount(0);
});

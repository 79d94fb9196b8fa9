import { expect, test, type Page } from '@playwright/test';
import { api, emailLinkTo, expectNoAxeViolations, onboardFreelancer, pngBuffer, uniqueEmail } from './support';

// A freelancer's public page names the place saved in settings: the state and the country by
// name ("Leeds, England, United Kingdom"), never by code. Onboarding goes through the API with the
// browser's own session; the place and the photo are saved on the settings page.

const PASSWORD = 'Copper-Meadow-41';

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
  await onboardFreelancer(request, { photo: false, rate: '85', currency: 'GBP' });
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
    buffer: await pngBuffer(400, 400, '#2f6fb0'),
  });
  await photo.getByRole('button', { name: 'Save new photo' }).click();
  await expect(photo.getByRole('button', { name: 'Save new photo' })).toHaveCount(0);

  await page.goto(`/freelancer/${me.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Oliver');
  await expect(page.getByText('Leeds, England, United Kingdom', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByText(/\bENG\b/)).toHaveCount(0);
});

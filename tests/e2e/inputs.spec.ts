import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { emailLinkTo, signUpPerson, uniqueEmail, type Person, expectNoAxeViolations } from './support';

// Inputs built for people: a time zone found by its city, a state chosen by name after its
// country, and a budget typed as numbers.

const SHOTS = process.env.INPUTS_SHOTS_DIR;

test('a client picks a time zone by city and a state by name, and finds them saved', async ({ page }) => {
  const client: Person = {
    firstname: 'Amara',
    lastname: 'Leeds',
    email: uniqueEmail('inputs-client'),
    password: 'Harbour-Lantern-73',
  };
  await signUpPerson(page, 'client', client);
  await page.goto(await emailLinkTo(client.email, '/auth/verification/'));
  await page.goto('/dashboard/settings/');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Personal details' }) });
  await expect(section.getByLabel('First name')).toHaveValue('Amara');

  // The time zone: type part of the city, choose it.
  await section.getByRole('searchbox', { name: /search time zones/i }).fill('kolk');
  const zone = section.getByLabel('Time zone', { exact: true });
  await zone.selectOption({ label: await zone.locator('option', { hasText: 'Kolkata' }).innerText() });

  // The state waits for its country, then offers the country's states by name.
  const state = section.getByLabel(/^State or region/);
  await expect(state).toBeDisabled();
  await section.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await expect(state).toBeEnabled();
  await state.selectOption({ label: 'England' });
  await section.getByLabel(/^City/).fill('Leeds');

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await section.getByRole('searchbox', { name: /search time zones/i }).fill('lon');
    await section.screenshot({ path: `${SHOTS}/personal-details-desktop.png` });
    await page.setViewportSize({ width: 390, height: 900 });
    await section.screenshot({ path: `${SHOTS}/personal-details-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await expectNoAxeViolations(page);

  // What is sent is the codes; what comes back names the place.
  const saving = page.waitForResponse(
    (response) => response.url().includes('/settings/personal-details/') && response.request().method() === 'PUT',
  );
  await section.getByRole('button', { name: 'Save personal details' }).click();
  const response = await saving;
  expect(response.request().postDataJSON()).toMatchObject({
    country: 'GB',
    state: 'ENG',
    city: 'Leeds',
    timezone: expect.stringMatching(/^Asia\/(Kolkata|Calcutta)$/),
  });
  expect((await response.json()).data).toMatchObject({
    countryName: 'United Kingdom',
    stateName: 'England',
  });
  await expect(page.getByText(/personal details saved/i)).toBeVisible();
});

test('the request wizard takes numbers in both budget fields', async ({ page }) => {
  await page.goto('/products/react/');
  await page.getByLabel('How many developers?').fill('2');
  await page.getByLabel(/^Senior \(/).check();
  await page
    .getByLabel('The product and the work')
    .fill('A React dashboard for a logistics company, with charts and a design system.');
  await page.getByRole('button', { name: 'Next' }).click();

  const from = page.getByRole('spinbutton', { name: 'From' });
  const upTo = page.getByRole('spinbutton', { name: /^Up to/ });
  await expect(from).toHaveAttribute('type', 'number');
  await expect(upTo).toHaveAttribute('type', 'number');
  await from.fill('5000');
  await upTo.fill('9000');
  await expect(from).toHaveValue('5000');
  await expect(upTo).toHaveValue('9000');
  await expect(page.getByText('This answer is required.')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

import { expect, test } from '@playwright/test';

// A visitor starts a request from the forms in forms/, with option lists from the real catalogue.

test('a visitor fills a step of the business data form, leaves, and finds the draft on return', async ({ page }) => {
  await page.goto('/request/new/');
  await page
    .getByRole('link', { name: /data and analytics/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/request\/new\/data-and-analytics\/$/);
  // The address changes before the family's page is drawn: its heading says when the choices are there.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which kind of data and analytics request?');
  await page
    .getByRole('main')
    .getByRole('link', { name: /business/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/request\/new\/data-and-analytics\/business\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business data and analytics');

  // Next checks this step's required fields only.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Request title')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Request title').fill('Power BI dashboards for a wholesale distributor');
  const size = page.getByLabel('Size of your organisation');
  // The sizes come from the catalogue in the database.
  await expect(size.locator('option')).not.toHaveCount(1);
  await size.selectOption({ index: 2 });
  const chosenSize = await size.inputValue();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  // Leave and come back: the answers are still there.
  await page.goto('/');
  await page.goto('/request/new/data-and-analytics/business/');
  await expect(page.getByText('We kept your answers from last time.')).toBeVisible();
  if (await page.getByRole('button', { name: 'Back' }).isVisible()) {
    await page.getByRole('button', { name: 'Back' }).click();
  }
  await expect(page.getByLabel('Request title')).toHaveValue('Power BI dashboards for a wholesale distributor');
  await expect(page.getByLabel('Size of your organisation')).toHaveValue(chosenSize);

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByLabel('Request title')).toHaveValue('');
});

test('an unknown service family shows the 404 page', async ({ page }) => {
  await page.goto('/request/new/underwater-basket-weaving/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
});

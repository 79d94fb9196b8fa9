import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support';

// axe-core (bundled in the npm package, nothing downloaded) on the public and auth pages.
for (const [name, path] of [
  ['home page', '/'],
  ['404 page', '/no/such/page/'],
  ['account type chooser', '/auth/signup/'],
  ['client sign-up page', '/auth/client/signup/'],
  ['freelancer sign-up page', '/auth/freelancer/signup/'],
  ['business sign-up page', '/auth/business/signup/'],
  ['login page', '/auth/login/'],
  ['forgot password page', '/auth/forgot-password/'],
  ['verification link page', `/auth/verification/${'x'.repeat(43)}/email/`],
  ['services page', '/services/'],
  ['about page', '/about-us/'],
  ['help center', '/help-center/'],
  ['contact page', '/contact-us/'],
  ['terms', '/legal/terms/'],
  ['privacy policy', '/legal/privacy-policy/'],
  ['cookies policy', '/legal/cookies-policy/'],
  ['request category chooser', '/request/new/'],
  ['business data request form', '/request/new/data-and-analytics/business/'],
] as const) {
  test(`the ${name} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  });
}

// A paged list: the directory's answer is widened in the browser to five pages, so the pager shows
// (its Previous step disabled on the first page) however many providers this database holds.
test('a paged directory, with its pager, has no accessibility violations', async ({ page }) => {
  await page.route('**/api/account/public/freelancer/all/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.pagination = { ...body.data.pagination, page: 1, total: 100, totalPages: 5 };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/find/professionals/?sort=newest');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('link', { name: 'Next page' })).toBeVisible();
  await expect(pager.getByText('Previous')).toBeVisible();
  await expectNoAxeViolations(page);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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

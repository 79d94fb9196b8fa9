import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// axe-core (bundled in the npm package, nothing downloaded) on the pages the shell renders.
for (const [name, path] of [
  ['home page', '/'],
  ['404 page', '/no/such/page/'],
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

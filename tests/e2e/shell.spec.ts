import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpPerson, uniqueEmail } from './support';

// The web app's frame: home page, navigation, footer and the error page, as a visitor sees them.

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('app shell', () => {
  test('the home page shows its heading, the six service families, the navigation and the footer', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hire proven experts');
    await expect(page).toHaveTitle(/Versimarket/);

    const families = page.getByRole('region', { name: /whatever you are building/i }).getByRole('listitem');
    await expect(families).toHaveCount(6);
    for (const family of [
      'Web Design and Development',
      'Mobile App',
      'Data and Analytics',
      'Software Development',
      'Finance Transformation',
      'Machine Learning and AI',
    ]) {
      await expect(page.getByRole('link', { name: family, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Machine Learning and AI', exact: true })).toHaveAttribute(
      'href',
      '/request/new/machine-learning-and-ai/',
    );

    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/find/professionals/');
    await expect(nav.getByRole('button', { name: 'Find Services' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Business' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login/');
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup/');

    const footer = page.getByRole('contentinfo');
    for (const column of ['For Clients', 'For Professionals', 'For Businesses', 'About']) {
      await expect(footer.getByRole('heading', { name: column })).toBeVisible();
    }
    await expect(footer).toContainText('a division of Versi Group');
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toBeAttached();
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms/');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/legal/privacy-policy/',
    );
    await expect(footer.getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute(
      'href',
      '/legal/cookies-policy/',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('a visitor sees Find Job and the Find work call to action', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Find Job' })).toHaveAttribute('href', '/find/jobs/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Find work' })).toBeVisible();
  });

  test('the hero search goes to the professionals directory with the query', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: /search professionals/i }).fill('NetSuite consultant');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/find\/professionals\/\?q=NetSuite(\+|%20)consultant$/);
  });

  test('an unknown path shows the 404 page, and Return Home goes home', async ({ page }) => {
    await page.goto('/no/such/page/');

    await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
    await expect(page.getByText(/the page is not found/i)).toBeVisible();
    await expect(mainNav(page)).toBeVisible();

    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hire proven experts');
  });

  test('the navigation menus open and close with the keyboard', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);

    for (const [menu, firstItem, secondItem] of [
      ['Find Services', 'All Services', 'NetSuite'],
      ['Business', 'Find Businesses', 'List Your Business'],
    ] as const) {
      const button = nav.getByRole('button', { name: menu });
      await button.focus();
      await expect(button).toHaveAttribute('aria-expanded', 'false');

      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link', { name: new RegExp(`^${firstItem}`) })).toBeVisible();

      await page.keyboard.press('ArrowDown');
      await expect(nav.getByRole('link', { name: new RegExp(`^${firstItem}`) })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(nav.getByRole('link', { name: new RegExp(`^${secondItem}`) })).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
      await expect(nav.getByRole('link', { name: new RegExp(`^${firstItem}`) })).toBeHidden();
    }

    // Space toggles too, as on any button.
    const services = nav.getByRole('button', { name: 'Find Services' });
    await services.focus();
    await page.keyboard.press('Space');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
  });

  test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    // After the session check: the loading screen before it has nothing to focus.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('on a narrow screen the menu button reveals the navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Find Professionals' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });
});

test('a signed-in header fits the window from 1024 px up', async ({ page }) => {
  await signUpPerson(page, 'freelancer', {
    firstname: 'Alexandra',
    lastname: 'Montgomery-Smith',
    email: uniqueEmail('header'),
    password: 'Lantern-Orchard-58',
  });
  for (const width of [1024, 1100, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/find/jobs/');
    const menu = page.getByRole('button', { name: /account menu/i });
    await expect(menu).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    // The account menu sits wholly inside the window.
    const box = (await menu.boundingBox())!;
    expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
  }
});

/** Each route's own chunk files, from the build manifest (dist/web/.vite/manifest.json). */
function routeChunks(): Map<string, Set<string>> {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunks = new Map<string, Set<string>>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const route = /^routes\/(.+)\.tsx\?tsr-split=/.exec(key)?.[1];
    if (route) chunks.set(route, (chunks.get(route) ?? new Set()).add(`/${chunk.file}`));
  }
  return chunks;
}

test('a page loads its own route chunk and no other route’s, and a visitor no toast or account-menu code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const chunks = routeChunks();
  for (const [path, route] of [
    ['/', 'index'],
    ['/find/jobs/', 'find/jobs'],
    ['/find/professionals/', 'find/professionals'],
    ['/auth/login/', 'auth/login'],
  ] as const) {
    scripts.length = 0;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const own = chunks.get(route)!;
    // A drawn page asks for the app's code once it is on screen, which on a busy machine can come
    // after a quiet half second: wait for the route's own chunk, then for the network to settle.
    await expect
      .poll(() => [...own].some((file) => scripts.includes(file)), { message: path, timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const others = [...chunks].filter(([name]) => name !== route).flatMap(([, files]) => [...files]);
    expect(
      scripts.filter((file) => others.includes(file)),
      path,
    ).toEqual([]);
    expect(
      scripts.filter((file) => /Toasts|SignedInShell|react-toastify|unstyled/.test(file)),
      path,
    ).toEqual([]);
  }
});

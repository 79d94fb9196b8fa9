import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mobileRequestBody } from '../support/request-bodies';
import { api, onboardFreelancer, signUpAndVerify, uniqueEmail } from './support';

const PASSWORD = 'Drawn-Pages-2026';

// Public pages arrive drawn by the server for a visitor (src/web/prerender.tsx), so the browser
// paints them before the app's JavaScript has run; the app then takes them over (hydrates them).

const page_ = { accept: 'text/html,application/xhtml+xml' };

test('a visitor gets the home page drawn, with the catalogue; a browser with a session cookie gets the shell', async ({
  request,
}) => {
  const drawn = await (await request.get('/', { headers: page_ })).text();
  expect(drawn).toContain('Hire proven experts');
  // The catalogue's answer is in the page and in the data the app starts from.
  expect(drawn).toContain('Machine Learning and AI');
  expect(drawn).toMatch(/<script type="application\/json" id="prerendered-state">\{/);
  // No inline script: the content security policy allows none.
  expect(drawn).not.toMatch(/<script>/);
  // A campaign's link (utm_source, a click id) shows the same page: it arrives drawn too.
  const campaign = await (
    await request.get('/?utm_source=newsletter&utm_campaign=autumn&gclid=abc', { headers: page_ })
  ).text();
  expect(campaign).toContain('Hire proven experts');
  // A parameter a page may read: the app draws that page itself.
  expect(await (await request.get('/find/jobs/?q=sql', { headers: page_ })).text()).toContain('<div id="root"></div>');

  // Someone who may be signed in: the app asks who they are before it draws anything.
  const shell = await (await request.get('/', { headers: { ...page_, cookie: 'sid=a-session' } })).text();
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toContain('Hire proven experts');
});

test('the pricing, help, contact, legal and product pages arrive drawn for a visitor, each with its heading and title', async ({
  request,
}) => {
  const pages = [
    ['/pricing/', 'Plans and versigems', 'Pricing | Versimarket'],
    ['/help-center/', 'How can we help?', 'Help Center | Versimarket'],
    ['/contact-us/', 'Get in touch', 'Contact us | Versimarket'],
    ['/legal/terms/', 'Terms of Service', 'Terms of Service | Versimarket'],
    ['/legal/privacy-policy/', 'Privacy Policy', 'Privacy Policy | Versimarket'],
    ['/legal/cookies-policy/', 'Cookies Policy', 'Cookies Policy | Versimarket'],
    ['/products/netsuite/', 'NetSuite specialists for every stage of your ERP', 'NetSuite services | Versimarket'],
    ['/products/netsuite/hire/', 'Request NetSuite help', 'Request NetSuite help | Versimarket'],
    ['/products/react/', 'Hire React developers who fit your team', 'Hire React developers | Versimarket'],
  ];
  for (const [path, heading, title] of pages) {
    const html = await (await request.get(path!, { headers: page_ })).text();
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading!.replace(/[?.*+()[\]]/g, '\\$&')}</h1>`));
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toMatch(/<script type="application\/json" id="prerendered-state">\{/);
  }
  // The pricing page is drawn with its plans and bundles, as a visitor is answered: the app takes
  // it over as it is.
  const pricing = (await (await request.get('/pricing/', { headers: page_ })).text()).replace(/<!-- -->/g, '');
  expect(pricing).toContain('<div id="root" data-complete="">');
  expect(pricing).toContain('Create a business account');
  expect(pricing).toMatch(/Versigems pay for proposals and for unlocking a request’s client \(\d+ versigems? each\)/);
});

test('a family’s request forms, job board and business directory arrive drawn for a visitor; a family the catalogue lacks does not', async ({
  request,
}) => {
  const pages = [
    ['/request/new/', 'What do you need help with?', 'Post a request | Versimarket'],
    [
      '/request/new/data-and-analytics/',
      'Which kind of data and analytics request?',
      'Data and Analytics request | Versimarket',
    ],
    [
      '/request/new/data-and-analytics/business/',
      'Business data and analytics',
      'Business data and analytics | Versimarket',
    ],
    ['/request/new/mobile-app/', 'Mobile app', 'Mobile app | Versimarket'],
    ['/find/data-and-analytics/jobs/', 'Find Data and Analytics jobs', 'Find Data and Analytics jobs | Versimarket'],
    [
      '/find/finance-transformation/businesses/',
      'Finance Transformation businesses',
      'Finance Transformation businesses | Versimarket',
    ],
  ];
  for (const [path, heading, title] of pages) {
    const html = (await (await request.get(path!, { headers: page_ })).text()).replace(/<!-- -->/g, '');
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading!.replace(/[?.*+()[\]]/g, '\\$&')}</h1>`, 'i'));
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toMatch(/<script type="application\/json" id="prerendered-state">\{/);
  }
  // The boards are drawn with every call answered (their bands and filter lists too): the app
  // takes them over as they are.
  for (const path of [
    '/find/data-and-analytics/jobs/',
    '/find/finance-transformation/businesses/',
    '/find/businesses/',
  ]) {
    const html = await (await request.get(path, { headers: page_ })).text();
    expect(html, path).toContain('<div id="root" data-complete="">');
  }
  for (const path of [
    '/request/new/underwater-basket-weaving/',
    '/request/new/data-and-analytics/nonexistent/',
    '/find/nope/jobs/',
  ]) {
    const html = await (await request.get(path, { headers: page_ })).text();
    expect(html, path).toContain('<div id="root"></div>');
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the sign-in form and the job board are painted, styled, the board with its results', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hire proven experts');
    await expect(page.getByRole('link', { name: 'Finance Transformation', exact: true })).toBeVisible();
    // The route's own stylesheet is linked by the page: the hero is laid out, not a bare column.
    const hero = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(hero?.width).toBeLessThan(800);

    await page.goto('/auth/login/');
    await expect(page).toHaveTitle('Log in | Versimarket');
    await expect(page.getByLabel('Email')).toBeVisible();
    // Google sign-in is configured for these tests: the ways to sign in are answered when drawing.
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

    await page.goto('/find/jobs/');
    await expect(page.getByRole('heading', { name: 'Find jobs', level: 1 })).toBeVisible();
    await expect(page.getByText(/^[\d,]+ jobs?$/)).toBeVisible();
    await expect(page.getByText('Loading jobs…')).toHaveCount(0);

    // A product's request form is drawn with its first step's questions.
    await page.goto('/products/netsuite/hire/');
    await expect(page.getByRole('heading', { name: 'Request NetSuite help', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Enterprise' })).toBeVisible();
  });
});

/**
 * Opens `path` as drawn by the server with the app's code held back (every script but those the
 * page's HTML names), so the app waits with the server's page on screen until `release`; the
 * page's errors are collected in `errors`.
 */
async function openWithAppHeld(page: Page, request: APIRequestContext, path: string) {
  const html = await (await request.get(path, { headers: page_ })).text();
  const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  let release: () => void = () => undefined;
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !entry.includes(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { release, errors };
}

test('what a visitor types and clicks before the app has taken the page over is carried over to it', async ({
  page,
  request,
}) => {
  // The page's own code is held back, so the app waits with the server's page on screen.
  const { release, errors } = await openWithAppHeld(page, request, '/');

  await page.getByRole('searchbox', { name: /search professionals/i }).fill('NetSuite consultant');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  release();

  await expect(page).toHaveURL(/\/find\/professionals\/\?q=NetSuite(\+|%20)consultant$/);
  await expect(page.getByRole('heading', { name: 'Find professionals', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the app takes a drawn page over where the visitor scrolled it, and a click aimed there lands', async ({
  page,
  request,
}) => {
  // The page's own code is held back, so the visitor fills the first step and scrolls to its button.
  const { release, errors } = await openWithAppHeld(page, request, '/request/new/data-and-analytics/business/');
  await page.getByLabel('Request title').fill('Churn dashboards for a subscription box company');
  await page.getByLabel('Size of your organisation').selectOption({ index: 2 });
  const next = page.getByRole('button', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const aimedAt = (await next.boundingBox())!.y;
  // Where the button is on screen whenever the page scrolls while the first step is shown. (The app
  // shows a notice above the form once something is typed; the browser's scroll anchoring keeps the
  // form where it was.)
  await page.evaluate(() => {
    const places: number[] = [];
    (window as unknown as { places: number[] }).places = places;
    addEventListener('scroll', () => {
      const button = [...document.querySelectorAll('button')].find((one) => one.textContent === 'Next');
      if (button && document.body.textContent?.includes('Step 1 of 6')) places.push(button.getBoundingClientRect().y);
    });
  });
  release();

  // The app takes over where the page is: nothing moves under the visitor's pointer.
  await page.waitForFunction(() => history.scrollRestoration === 'manual');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const places = await page.evaluate(() => (window as unknown as { places: number[] }).places);
  expect(places.filter((place) => Math.abs(place - aimedAt) > 1)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the app takes a drawn page over as it is: its elements stay, with what the visitor typed there', async ({
  page,
  request,
}) => {
  // The page's own code is held back, so the visitor types on the server's page.
  const { release, errors } = await openWithAppHeld(page, request, '/auth/login/');
  // Marks on the server's elements: an element drawn anew by the app would not have them.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('#root h1, #root input, #root button'))
      element.setAttribute('data-drawn', '');
  });
  await page.getByLabel('Email').fill('drawn@example.com');
  release();

  // The app is in charge: its button reveals the password (a click held until then is replayed).
  const reveal = page.getByRole('button', { name: 'Show password' });
  await reveal.click();
  await expect(reveal).toHaveAttribute('aria-pressed', 'true');
  await expect(reveal).toHaveAttribute('data-drawn', '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('data-drawn', '');
  await expect(page.getByLabel('Email')).toHaveAttribute('data-drawn', '');
  await expect(page.getByLabel('Email')).toHaveValue('drawn@example.com');
  // And it has what was typed before it took over: the sign-in call carries it.
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  const [signIn] = await Promise.all([
    page.waitForRequest((sent) => sent.url().endsWith('/api/auth/login/') && sent.method() === 'POST'),
    page.getByRole('button', { name: /^log in$/i }).click(),
  ]);
  expect(signIn.postDataJSON()).toMatchObject({ email: 'drawn@example.com' });
  expect(errors).toEqual([]);
});

test("a freelancer's public profile arrives drawn for a visitor, as it is now", async ({ browser }) => {
  // The freelancer, in a browser of their own.
  const own = await browser.newPage();
  await signUpAndVerify(
    own,
    'freelancer',
    { firstname: 'Noor', lastname: 'Haddad' },
    uniqueEmail('drawn-pro'),
    PASSWORD,
  );
  await onboardFreelancer(own.request);
  const me = (await api(own.request, 'GET', '/api/auth/me/')) as { id: string };
  await api(own.request, 'PATCH', '/api/account/freelancer/settings/tagline/', {
    json: { tagline: 'Close faster, plan better' },
  });

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page = await visitor.newPage();
  await page.goto(`/freelancer/${me.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noor H.');
  await expect(page.getByText('Close faster, plan better')).toBeVisible();

  // Changed by its owner: the next visitor sees the change at once.
  await api(own.request, 'PATCH', '/api/account/freelancer/settings/tagline/', {
    json: { tagline: 'Budgets that hold' },
  });
  await page.goto(`/freelancer/${me.id}/`);
  await expect(page.getByText('Budgets that hold')).toBeVisible();
  await visitor.close();
  await own.close();
});

test('a job and the board arrive drawn for a visitor, as they are now, and a job that is none says so', async ({
  browser,
  request,
}) => {
  const client = await browser.newPage();
  await signUpAndVerify(client, 'client', { firstname: 'Lena', lastname: 'Ortiz' }, uniqueEmail('drawn-job'), PASSWORD);
  const title = `Inventory app for a bakery chain ${Date.now().toString(36)}`;
  const posted = (await api(client.request, 'POST', '/api/service/request/new/', {
    json: mobileRequestBody({ title }),
  })) as { refId: string };

  const html = await (await request.get(`/jobs/${posted.refId}/`, { headers: page_ })).text();
  expect(html).toContain(`<title>${title} | Versimarket</title>`);
  expect(html).toMatch(/<script type="application\/json" id="prerendered-state">\{/);
  // Only the job's own call was answered: the client's name never is, drawn or not.
  expect(html).not.toContain('Ortiz');

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page = await visitor.newPage();
  await page.goto(`/jobs/${posted.refId}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The board arrives drawn with its first results as they are now: the new job first.
  await page.goto('/find/jobs/');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('Loading jobs…')).toHaveCount(0);

  // A reference no job has: drawn as the app shows it, saying so.
  await page.goto('/jobs/VR-ZZZZZZZZ/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This job is no longer open or does not exist');
  await expect(page).toHaveTitle('Job not found | Versimarket');
  await visitor.close();
  await client.close();
});

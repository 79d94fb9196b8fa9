import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mobileRequestBody } from '../support/request-bodies';
import { E2E_ORIGIN } from './settings';
import { api, expectNoAxeViolations, onboardFreelancer, signUpAndVerify, uniqueEmail } from './support';

// The hiring loop as three people at once, each in a browser of their own: a client posts a
// request, two freelancers answer it and pay versigems, the client compares, shortlists and writes,
// the chosen freelancer reads it live on an open page, the client hires, and the freelancer not
// hired gets a declined proposal and the versigems back. Sign-up and onboarding go through the API
// with each browser's own session (their pages have tests of their own).

const PASSWORD = 'Lantern-Orchard-58';
const run = Date.now().toString(36);
const TITLE = `Booking app for three fitness studios ${run}`;
/** Where the pages' pictures go, to be looked at (`HIRING_SHOTS` to keep them elsewhere). */
const SHOTS = process.env.HIRING_SHOTS ?? join(tmpdir(), 'hiring-shots');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function person(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  return context.newPage();
}

/** The freelancer's balance as the account menu shows it. */
async function menuBalance(page: Page): Promise<string> {
  await page.getByRole('button', { name: /account menu/i }).click();
  const item = page.getByRole('link', { name: /^Versigems: \d+$/ });
  await expect(item).toHaveText(/Versigems: \d+/);
  const text = (await item.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/** Sends a proposal from the job page's button, checking what the form says it costs first. */
async function propose(page: Page, refId: string, amount: string, before: { balance: number; count: number }) {
  await page.goto(`/jobs/${refId}/`);
  await page.getByRole('link', { name: 'Send a proposal' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${refId}/proposals/submit/$`));
  await expect(
    page.getByText(`Sending this proposal costs 2 versigems. Your balance: ${before.balance} versigems.`),
  ).toBeVisible();
  await expect(
    page.getByText(
      before.count === 0
        ? 'No proposals yet: yours would be the first.'
        : `This job has ${before.count} proposal so far.`,
    ),
  ).toBeVisible();
  await page
    .getByLabel('Cover letter')
    .fill(
      'I built booking apps for two yoga chains in React Native, with class packs through in-app purchase and reminders. I would start with a week of wireframe review.',
    );
  await page.getByLabel('Your price').fill(amount);
  await page.getByLabel('How long will the work take?').selectOption({ index: 2 });
  if (before.count === 0) await shoot(page, 'proposal-form');
  await page.getByRole('button', { name: 'Send proposal' }).click();
  await expect(page).toHaveURL(/\/dashboard\/proposals\/[0-9a-f-]+\/details\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your proposal');
  await expect(page.getByRole('main')).toContainText(TITLE);
}

test('a client hires one of two freelancers while both follow along, live', async ({ browser }) => {
  test.setTimeout(180_000);
  const [client, alice, bruno] = await Promise.all([person(browser), person(browser), person(browser)]);

  // The client posts; the freelancers arrive with the 10 welcome versigems.
  await signUpAndVerify(
    client,
    'client',
    { firstname: 'Maya', lastname: 'Patel' },
    uniqueEmail('hire-client'),
    PASSWORD,
  );
  const posted = (await api(client.request, 'POST', '/api/service/request/new/', {
    json: mobileRequestBody({ title: TITLE }),
  })) as { id: string; refId: string };
  for (const [page, firstname, lastname] of [
    [alice, 'Alice', `Moreno${run}`],
    [bruno, 'Bruno', `Silva${run}`],
  ] as const) {
    await signUpAndVerify(page, 'freelancer', { firstname, lastname }, uniqueEmail('hire-freelancer'), PASSWORD);
    await onboardFreelancer(page.request);
  }

  // Each freelancer proposes: the form shows the price and the balance, the menu then shows 8.
  await propose(alice, posted.refId, '4500', { balance: 10, count: 0 });
  expect(await menuBalance(alice)).toBe('Versigems: 8');
  await propose(bruno, posted.refId, '5200', { balance: 10, count: 1 });
  expect(await menuBalance(bruno)).toBe('Versigems: 8');

  // The client compares the two side by side, then shortlists Alice.
  await client.goto(`/dashboard/requests/${posted.id}/details/?tab=proposals`);
  const proposals = client.getByRole('tabpanel');
  await expect(proposals.getByRole('article')).toHaveCount(2);
  await proposals.getByRole('checkbox', { name: 'Compare Alice M.' }).check();
  await proposals.getByRole('checkbox', { name: 'Compare Bruno S.' }).check();
  await proposals.getByRole('button', { name: 'Compare 2 proposals' }).click();
  const comparison = client.getByRole('dialog');
  await expect(comparison.getByRole('table')).toContainText('4,500');
  await expect(comparison.getByRole('table')).toContainText('5,200');
  await expectNoAxeViolations(client);
  await shoot(client, 'compare');
  await client.keyboard.press('Escape');
  await expect(comparison).toHaveCount(0);
  await proposals.getByRole('button', { name: 'Shortlist Alice M.' }).click();
  await expect(proposals.getByRole('button', { name: 'Remove from shortlist Alice M.' })).toBeVisible();
  await shoot(client, 'proposals');

  // Alice keeps her messages open; the client writes; the conversation appears without a reload.
  await alice.goto('/dashboard/messages/');
  await expect(alice.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await proposals.getByRole('button', { name: 'Message Alice M.' }).click();
  const dialog = client.getByRole('dialog', { name: 'Message Alice M.' });
  await dialog
    .getByLabel('Your message')
    .fill('Thank you Alice. Could you start on the 1st and share two apps you built?');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(client).toHaveURL(/\/dashboard\/messages\/conversation\/[0-9a-f-]+\/details\/$/);

  const conversations = alice.getByRole('list', { name: 'Conversations' });
  const fromMaya = conversations.getByRole('link', { name: /^Maya P\./ });
  await expect(fromMaya).toContainText(TITLE);
  await fromMaya.click();
  const thread = alice.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('Could you start on the 1st');

  // With the conversation open on both sides, the next message arrives on Alice's page as is.
  const reply = client.getByRole('form', { name: 'Reply' });
  await reply.getByLabel('Your message').fill('And would a fixed price with three milestones suit you?');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(thread).toContainText('three milestones suit you', { timeout: 10_000 });
  await expectNoAxeViolations(alice);
  await shoot(alice, 'conversation');

  // The client hires Alice from the proposals, through the confirmation page.
  await client.goto(`/dashboard/requests/${posted.id}/details/?tab=proposals`);
  await client.getByRole('tabpanel').getByRole('link', { name: 'Hire Alice M.' }).click();
  await expect(client.getByRole('heading', { level: 1 })).toHaveText('Hire Alice M.?');
  await expect(
    client.getByText(/The other proposal is declined, its provider told and their versigems given back\./),
  ).toBeVisible();
  await shoot(client, 'hire-confirmation');
  await client.getByRole('button', { name: 'Hire Alice M.' }).click();
  await expect(client.getByRole('heading', { level: 1 })).toHaveText('You hired Alice M.');

  // Alice's proposal is accepted; Bruno's is declined and his 2 versigems are back.
  await alice.goto('/dashboard/proposals/');
  await expect(alice.getByRole('main')).toContainText(/Accepted|Hired/);
  await bruno.goto('/dashboard/proposals/');
  await expect(bruno.getByRole('main').getByText('Declined').first()).toBeVisible();
  await shoot(bruno, 'declined');
  expect(await menuBalance(bruno)).toBe('Versigems: 10');
  expect(await menuBalance(alice)).toBe('Versigems: 8');

  await Promise.all([client, alice, bruno].map((page) => page.context().close()));
});

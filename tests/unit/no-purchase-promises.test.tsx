import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useScenario } from '../../mocks/node';
import { renderApp } from '@/testing/renderApp';

// Until payments exist, the home page, the Help Center and the About page say plainly that plans and versigems are
// coming; nothing a reader sees links to a purchase page or tells them to buy now.

/** Pages of the purchase flow (placeholders until payments exist) and the checkout calls. */
const PURCHASE_PATHS = [/\/dashboard\/business\/pricing\//, /\/dashboard\/plans\//, /checkout/, /\/payments\//];

/** Sentences that send a reader to buy, or describe buying as something that works today. */
const PURCHASE_PROMISES = [
  /\bopen versigems\b/i,
  /\bpricing page\b/i,
  /\bpick a plan\b/i,
  /\bbuy (a|the) (bundle|plan)\b/i,
  /\byou buy (them|a plan|versigems)\b/i,
  /\bbusinesses choose a (subscription )?plan\b/i,
  /\bprices are shown in your dashboard\b/i,
  /\bwhen you buy\b/i,
  /\bfreelancers buy versigems\b/i,
  /\byou see the price before you pay\b/i,
  /\bis shown before checkout\b/i,
];

/** The text a reader can read: the page's text with the hidden parts left out. */
function visibleText(): string {
  const clone = document.body.cloneNode(true) as HTMLElement;
  for (const hidden of clone.querySelectorAll('[hidden], [aria-hidden="true"]')) hidden.remove();
  return clone.textContent ?? '';
}

function expectNoPurchaseFlow() {
  const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
  for (const pattern of PURCHASE_PATHS)
    expect(
      hrefs.filter((href) => pattern.test(href)),
      String(pattern),
    ).toEqual([]);
  const text = visibleText();
  for (const pattern of PURCHASE_PROMISES) expect(text, String(pattern)).not.toMatch(pattern);
}

beforeEach(() => useScenario('visitor'));

describe('no purchase flow is promised before payments exist', () => {
  it('the home page’s join section says plans and versigems are coming', async () => {
    renderApp('/');
    const join = await screen.findByRole('region', { name: 'Join Versimarket' }, { timeout: 8000 });
    expect(join.textContent).toMatch(
      /Plans that put you in front of more clients are coming; they are not on sale yet\./,
    );
    expect(join.textContent).toMatch(
      /Versigems, the credits for unlocking requests, are coming; they are not on sale yet\./,
    );
    expectNoPurchaseFlow();
  });

  it('the Help Center answers say plans and versigems cannot be bought yet', async () => {
    renderApp('/help-center/');
    await screen.findByRole('heading', { level: 1, name: 'How can we help?' }, { timeout: 8000 });
    // Answers sit in closed disclosures: their text is in the page for the reader to open.
    const answers = [...document.querySelectorAll('details')].map((details) => details.textContent ?? '');
    expect(answers.find((answer) => answer.startsWith('How do I buy versigems?'))).toMatch(/not on sale yet/);
    expect(answers.find((answer) => answer.startsWith('What do business plans include?'))).toMatch(/not on sale yet/);
    expect(answers.find((answer) => answer.startsWith('What does Versimarket cost?'))).toMatch(/cannot be bought yet/);
    expectNoPurchaseFlow();
  });

  it('the About page says plans and versigems are not on sale yet', async () => {
    renderApp('/about-us/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
    expect(visibleText()).toMatch(/not on sale yet/);
    expectNoPurchaseFlow();
  });
});

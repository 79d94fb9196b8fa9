import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useScenario } from '../../mocks/node';
import { renderApp } from '@/testing/renderApp';

// Plans and versigems are on sale: the home page, the Help Center and the About page say what
// they are without calling them "coming", and send a reader to the public pricing page (which
// needs no account) rather than to the purchase pages behind sign-in.

/** Sentences left from before payments existed. */
const NOT_ON_SALE = [/not on sale/i, /cannot be bought yet/i, /are coming/i, /nothing to pay yet/i];

/** The purchase pages a visitor could only reach by signing in first. */
const BEHIND_SIGN_IN = ['/dashboard/business/pricing/', '/dashboard/plans/versigems/buy/'];

/** The text a reader can read: the page's text with the hidden parts left out. */
function visibleText(): string {
  const clone = document.body.cloneNode(true) as HTMLElement;
  for (const hidden of clone.querySelectorAll('[hidden], [aria-hidden="true"]')) hidden.remove();
  return clone.textContent ?? '';
}

function hrefs(): string[] {
  return screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
}

function expectOnSaleTexts() {
  const text = visibleText();
  for (const pattern of NOT_ON_SALE) expect(text, String(pattern)).not.toMatch(pattern);
  for (const path of BEHIND_SIGN_IN) expect(hrefs()).not.toContain(path);
}

beforeEach(() => useScenario('visitor'));

describe('plans and versigems are described as on sale', () => {
  it('the home page’s join section links the public pricing page', async () => {
    renderApp('/');
    const join = await screen.findByRole('region', { name: 'Join Versimarket' }, { timeout: 8000 });
    expect(join.textContent).toMatch(/Paid plans let you answer more requests/);
    expect(join.textContent).toMatch(/come in bundles with bonus versigems/);
    expect(hrefs()).toContain('/pricing/');
    expectOnSaleTexts();
  });

  it('the Help Center answers what things cost and links the prices', async () => {
    renderApp('/help-center/');
    await screen.findByRole('heading', { level: 1, name: 'How can we help?' }, { timeout: 8000 });
    // Answers sit in closed disclosures: their text is in the page for the reader to open.
    const answers = [...document.querySelectorAll('details')].map((details) => details.textContent ?? '');
    const answer = (question: string) => answers.find((text) => text.startsWith(question)) ?? '';
    expect(answer('How do I buy versigems?')).toMatch(/choose a bundle and how many, and pay by card/);
    expect(answer('What do business plans include?')).toMatch(/how many proposals your business can send/);
    expect(answer('What does Versimarket cost?')).toMatch(/Every price is on the pricing page/);
    for (const text of answers) for (const pattern of NOT_ON_SALE) expect(text, String(pattern)).not.toMatch(pattern);
    expect(hrefs()).toContain('/pricing/');
    expect(hrefs()).toContain('/pricing/#versigems');
    for (const path of BEHIND_SIGN_IN) expect(hrefs()).not.toContain(path);
  });

  it('the About page says what freelancers and businesses pay for', async () => {
    renderApp('/about-us/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
    expect(visibleText()).toMatch(/Versigems, the credits for sending proposals and unlocking requests/);
    expectOnSaleTexts();
  });
});

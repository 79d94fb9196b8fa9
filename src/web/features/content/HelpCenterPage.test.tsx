import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { expectWellFormedOutline, findPageHeading, hrefOf } from './contentTestUtils';
import { HELP_SECTIONS, queryTerms, questionMatches } from './helpCenterContent';
import { HelpCenterPage } from './HelpCenterPage';

const SECTION_IDS = [
  'getting-started',
  'for-clients',
  'for-freelancers',
  'for-businesses',
  'payments-and-versigems',
  'account-and-security',
];

/** The questions a reader can see: summaries not inside anything hidden. */
function visibleQuestions(): string[] {
  return [...document.querySelectorAll('summary')]
    .filter((summary) => !summary.closest('[hidden]'))
    .map((summary) => summary.textContent ?? '');
}

function visibleSectionIds(): string[] {
  return SECTION_IDS.filter((id) => !document.getElementById(id)!.hidden);
}

async function renderHelpCenter() {
  const user = userEvent.setup();
  renderWithRouter(<HelpCenterPage />, { path: '/help-center/' });
  await findPageHeading();
  return { user, filter: screen.getByRole('searchbox', { name: 'Filter questions' }) };
}

const TOTAL = HELP_SECTIONS.reduce((sum, section) => sum + section.questions.length, 0);

describe('HelpCenterPage', () => {
  it('has one h1, a title and a heading outline without gaps', async () => {
    await renderHelpCenter();

    expect(document.title).toBe('Help Center | Versimarket');
    expectWellFormedOutline();
  });

  it('has the six sections, each with an id, a heading and questions in disclosures', async () => {
    await renderHelpCenter();

    expect(HELP_SECTIONS.map((section) => section.id)).toEqual(SECTION_IDS);
    for (const section of HELP_SECTIONS) {
      const element = document.getElementById(section.id);
      expect(element?.tagName, section.id).toBe('SECTION');
      expect(within(element!).getByRole('heading', { level: 2 }).textContent).toBe(section.title);
      const summaries = element!.querySelectorAll('details > summary');
      expect(summaries.length).toBe(section.questions.length);
      expect(section.questions.length).toBeGreaterThanOrEqual(4);
    }
    expect(visibleQuestions()).toHaveLength(TOTAL);

    const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
    expect(nav.getAllByRole('link').map((link) => hrefOf(link))).toEqual(
      SECTION_IDS.map((id) => `/help-center/#${id}`),
    );
  });

  it('links to the contact page', async () => {
    await renderHelpCenter();

    const contactLinks = screen.getAllByRole('link', { name: /contact us/i });
    expect(contactLinks.map((link) => hrefOf(link))).toContain('/contact-us/');
  });

  it('filters the questions as you type, and clearing brings them back', async () => {
    const { user, filter } = await renderHelpCenter();

    await user.type(filter, 'versigems refund');

    expect(visibleQuestions()).toEqual(['Can I get a refund for versigems?']);
    expect(visibleSectionIds()).toEqual(['payments-and-versigems']);
    expect(screen.getByRole('status').textContent).toBe(`1 of ${TOTAL} questions match “versigems refund”.`);

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect((filter as HTMLInputElement).value).toBe('');
    expect(visibleQuestions()).toHaveLength(TOTAL);
    expect(visibleSectionIds()).toEqual(SECTION_IDS);
  });

  it('searches the answers too, ignoring case', async () => {
    const { user, filter } = await renderHelpCenter();

    await user.type(filter, 'SPAM Folder');

    expect(visibleQuestions()).toEqual(['Why do I need to verify my email address?']);
  });

  it('says so when nothing matches, and points to the contact page', async () => {
    const { user, filter } = await renderHelpCenter();

    await user.type(filter, 'quantum teleportation');

    expect(visibleQuestions()).toEqual([]);
    expect(visibleSectionIds()).toEqual([]);
    expect(screen.getByText('No questions match your filter.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^0 of/);
  });

  it('shows how many questions each section has left', async () => {
    const { user, filter } = await renderHelpCenter();

    await user.type(filter, 'password');

    const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
    const account = nav.getByRole('link', { name: /Account and security/ });
    const expected = HELP_SECTIONS.find((section) => section.id === 'account-and-security')!.questions.filter((q) =>
      questionMatches(q, ['password']),
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(account.textContent).toContain(String(expected));
    expect(visibleQuestions()).toContain('I forgot my password. What do I do?');
    // Emptied sections stay listed, without a link into a hidden section.
    expect(nav.queryByRole('link', { name: /For businesses/ })).toBeNull();
    expect(nav.getByText('For businesses')).toBeTruthy();
  });
});

describe('questionMatches', () => {
  const question = { id: 'q', question: 'What does “Remember me” do?', answer: ['Stay signed in for 30 days.'] };

  it('needs every word, in any order, anywhere in the question or answer', () => {
    expect(questionMatches(question, queryTerms('remember days'))).toBe(true);
    expect(questionMatches(question, queryTerms('  DAYS   remember '))).toBe(true);
    expect(questionMatches(question, queryTerms('remember weeks'))).toBe(false);
  });

  it('matches everything for an empty query and ignores accents', () => {
    expect(questionMatches(question, queryTerms('   '))).toBe(true);
    expect(questionMatches(question, queryTerms('sígned'))).toBe(true);
  });
});

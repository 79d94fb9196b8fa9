import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PATHS } from '@/lib/paths';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { expectWellFormedOutline, findPageHeading, hrefOf } from './contentTestUtils';
import { COOKIES_SECTIONS, CookiesPolicyPage } from './CookiesPolicyPage';
import { HELP_SECTIONS } from './helpCenterContent';
import type { LegalSection } from './LegalPage';
import { PRIVACY_SECTIONS, PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TERMS_SECTIONS, TermsPage } from './TermsPage';

const DOCUMENTS: readonly { title: string; path: string; page: ReactElement; sections: readonly LegalSection[] }[] = [
  { title: 'Terms of Service', path: PATHS.terms, page: <TermsPage />, sections: TERMS_SECTIONS },
  { title: 'Privacy Policy', path: PATHS.privacyPolicy, page: <PrivacyPolicyPage />, sections: PRIVACY_SECTIONS },
  { title: 'Cookies Policy', path: PATHS.cookiesPolicy, page: <CookiesPolicyPage />, sections: COOKIES_SECTIONS },
];

describe.each(DOCUMENTS)('$title', ({ title, path, page }) => {
  it('has its name as the one h1 and the title, and a heading outline without gaps', async () => {
    renderWithRouter(page, { path });

    expect((await findPageHeading()).textContent).toBe(title);
    expect(document.title).toBe(`${title} | Versimarket`);
    expectWellFormedOutline();
  });

  it('is dated 25 November 2026', async () => {
    renderWithRouter(page, { path });
    await findPageHeading();

    const date = screen.getByText('25 November 2026');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2026-11-25');
    expect(date.parentElement?.textContent).toMatch(/^Last updated/);
  });

  it('has a table of contents whose every link lands on its own section', async () => {
    renderWithRouter(page, { path });
    await findPageHeading();

    const toc = within(screen.getByRole('navigation', { name: 'Contents' }));
    const links = toc.getAllByRole('link');
    const sections = document.querySelectorAll('article section');
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(links).toHaveLength(sections.length);

    const ids = links.map((link) => {
      const href = hrefOf(link) ?? '';
      // Same-page links, so the router scrolls to the section and moves focus there.
      expect(href).toMatch(new RegExp(`^${path}#[a-z0-9-]+$`));
      return href.split('#')[1]!;
    });
    expect(new Set(ids).size).toBe(ids.length);

    links.forEach((link, index) => {
      const target = document.getElementById(ids[index]!);
      expect(target, `#${ids[index]}`).not.toBeNull();
      expect(target).toBe(sections[index]);
      // The entry reads like the heading it points at ("3. Your account").
      expect(within(target!).getByRole('heading', { level: 2 }).textContent).toBe(link.textContent);
    });
  });

  it('links to the other two legal documents', async () => {
    renderWithRouter(page, { path });
    await findPageHeading();

    const others = DOCUMENTS.filter((document) => document.path !== path);
    for (const other of others) {
      const link = screen.getAllByRole('link', { name: other.title }).find((element) => element.closest('footer'));
      expect(hrefOf(link!)).toBe(other.path);
    }
  });
});

describe('legal content', () => {
  it('states the versigems refund rule in the terms', async () => {
    renderWithRouter(<TermsPage />, { path: PATHS.terms });
    await findPageHeading();

    const versigems = within(document.getElementById('versigems')!);
    expect(versigems.getByText(/Versigems are non-refundable once bought/)).toBeTruthy();
  });

  it('names the payment provider and email delivery as processors', async () => {
    renderWithRouter(<PrivacyPolicyPage />, { path: PATHS.privacyPolicy });
    await findPageHeading();

    const processors = document.getElementById('processors')!;
    expect(processors.textContent).toMatch(/card payment provider/i);
    expect(processors.textContent).toMatch(/email delivery provider/i);
  });

  it('lists the sid cookie and the preference flags', async () => {
    renderWithRouter(<CookiesPolicyPage />, { path: PATHS.cookiesPolicy });
    await findPageHeading();

    const cookies = within(document.getElementById('cookies-we-use')!);
    expect(cookies.getAllByRole('row')).toHaveLength(2);
    expect(cookies.getByRole('rowheader').textContent).toBe('sid');

    const storage = document.getElementById('browser-storage')!.textContent ?? '';
    for (const flag of ['remember_me', 'account_type', 'verification_status', 'service_request_refid']) {
      expect(storage).toContain(flag);
    }
  });

  it('only deep-links from the Help Center to sections that exist', () => {
    const sectionsByPath = new Map(DOCUMENTS.map((document) => [document.path, document.sections]));
    const legalLinks = HELP_SECTIONS.flatMap((section) => section.questions)
      .map((question) => question.link)
      .filter((link) => link?.hash && sectionsByPath.has(link.to));

    expect(legalLinks.length).toBeGreaterThan(0);
    for (const link of legalLinks) {
      const ids = sectionsByPath.get(link!.to)!.map((section) => section.id);
      expect(ids, `${link!.to}#${link!.hash}`).toContain(link!.hash);
    }
  });
});

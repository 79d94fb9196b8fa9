import './legal.css';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BRAND } from '../../../shared/brand';
import { PATHS, type AppPath } from '@/lib/paths';
import { ContentHero, PageTitle } from '@/ui/ContentHero';

/** When the three legal documents last changed; they are reviewed and dated together. */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-25', label: '25 November 2026' } as const;

export interface LegalSection {
  /** The anchor of the section, linked from the table of contents and from other pages. */
  id: string;
  title: string;
  body: ReactNode;
}

const LEGAL_DOCUMENTS: readonly { label: string; to: AppPath }[] = [
  { label: 'Terms of Service', to: PATHS.terms },
  { label: 'Privacy Policy', to: PATHS.privacyPolicy },
  { label: 'Cookies Policy', to: PATHS.cookiesPolicy },
];

interface LegalPageProps {
  /** The document's name: the h1 and the document title. */
  title: string;
  path: AppPath;
  summary: ReactNode;
  sections: readonly LegalSection[];
}

/** The shared frame of the legal documents: heading, date, table of contents and numbered sections. */
export function LegalPage({ title, path, summary, sections }: LegalPageProps) {
  const others = LEGAL_DOCUMENTS.filter((document) => document.to !== path);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ContentHero titleId="legal-title" eyebrow="Legal" title={title} lead={summary}>
        <p className="legal-updated">
          Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
        </p>
      </ContentHero>

      <div className="container legal-layout">
        <nav className="legal-toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal-toc__title">
            Contents
          </h2>
          <ol className="legal-toc__list">
            {sections.map((section, index) => (
              <li key={section.id}>
                <Link to={path} hash={section.id} className="legal-toc__link">
                  <span className="legal-toc__number">{index + 1}.</span> {section.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        <article className="legal-document" aria-labelledby="legal-title">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="legal-section__title">
                <span className="legal-section__number">{index + 1}.</span> {section.title}
              </h2>
              <div className="legal-prose">{section.body}</div>
            </section>
          ))}

          <footer className="legal-footer">
            <p>
              Questions about this document? Email <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> or
              see the other ways to <Link to={PATHS.contactUs}>contact us</Link>.
            </p>
            <p>
              Also read:{' '}
              {others.map((document, index) => (
                <span key={document.to}>
                  {index > 0 && ' and '}
                  <Link to={document.to}>{document.label}</Link>
                </span>
              ))}
              .
            </p>
          </footer>
        </article>
      </div>
    </>
  );
}

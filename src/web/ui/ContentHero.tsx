import type { ReactNode } from 'react';
import { BRAND } from '../../shared/brand';
import { DocumentTitle } from './DocumentTitle';

/** The document title of a content page, in the site's "Page | Versimarket" form (DocumentTitle). */
export function PageTitle({ children }: { children: string }) {
  return <DocumentTitle>{`${children} | ${BRAND.productName}`}</DocumentTitle>;
}

interface ContentHeroProps {
  /** The id of the page's one h1, for the landmarks that name themselves after it. */
  titleId: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Buttons or a meta line under the lead. */
  children?: ReactNode;
}

/** The opening band of every content page: eyebrow, the page's h1, a lead and optional actions. */
export function ContentHero({ titleId, eyebrow, title, lead, children }: ContentHeroProps) {
  return (
    <header className="content-hero">
      <div className="container content-hero__inner">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id={titleId} className="content-hero__title">
          {title}
        </h1>
        {lead && <div className="content-hero__lead">{lead}</div>}
        {children}
      </div>
    </header>
  );
}

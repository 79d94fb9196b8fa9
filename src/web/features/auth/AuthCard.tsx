import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/ui/Logo';
import { DocumentTitle } from '@/ui/DocumentTitle';

interface AuthCardProps {
  title: string;
  /** The document title, when it should differ from the heading. */
  documentTitle?: string;
  lead?: ReactNode;
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode;
  wide?: boolean;
  /** A machine-readable state of the page (the verification statuses), as `data-status`. */
  status?: string;
  children: ReactNode;
}

/** The frame of every auth page: one centred card with the page's only h1. */
export function AuthCard({ title, documentTitle, lead, footer, wide = false, status, children }: AuthCardProps) {
  return (
    <div className="auth-page">
      <DocumentTitle>{`${documentTitle ?? title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <section
        className={wide ? 'auth-card auth-card--wide' : 'auth-card'}
        aria-labelledby="auth-card-title"
        data-status={status}
      >
        <header className="auth-card__header">
          <h1 id="auth-card-title" className="auth-card__title">
            {title}
          </h1>
          {lead && <div className="auth-card__lead">{lead}</div>}
        </header>
        {children}
      </section>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </div>
  );
}

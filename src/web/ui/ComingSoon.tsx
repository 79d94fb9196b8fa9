import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PATHS } from '../lib/paths';
import { PRODUCT_NAME } from './Logo';
import { DocumentTitle } from './DocumentTitle';

interface ComingSoonProps {
  /** The page's heading: what the person came for, or plainly what is not there. */
  title: string;
  /** What is not there yet, in a sentence or two written for the person who came here. */
  children?: ReactNode;
  /**
   * The way out, back where the person came from. Without it: signed-in screens lead back to the
   * dashboard, the rest home.
   */
  action?: ReactNode;
  back?: 'home' | 'dashboard';
}

/**
 * Stands in for a screen of the spec that is not built yet: a heading and a plain statement of
 * what is not there, and one way back, so nobody mistakes it for a working page.
 */
export function ComingSoon({ title, children, action, back = 'home' }: ComingSoonProps) {
  const to = back === 'dashboard' ? PATHS.dashboard : PATHS.home;
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title" data-coming-soon="">
      <DocumentTitle>{`${title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h1>
      <div className="coming-soon__text">
        {children ?? <p>This part of {PRODUCT_NAME} is not available yet; we are building it now.</p>}
      </div>
      {action ?? (
        <Link to={to} className="button button--primary">
          {back === 'dashboard' ? 'Back to the dashboard' : 'Back to the home page'}
        </Link>
      )}
    </section>
  );
}

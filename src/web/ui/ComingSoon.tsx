import { Link } from '@tanstack/react-router';
import { PATHS } from '../lib/paths';
import { PRODUCT_NAME } from './Logo';

interface ComingSoonProps {
  /** The screen's own heading, as it will read once the screen is built. */
  title: string;
  /** Where the way out leads: signed-in screens back to the dashboard, the rest home. */
  back?: 'home' | 'dashboard';
}

/**
 * Stands in for a screen of the spec that is not built yet: its real heading and a plain
 * statement that it is coming, so nobody mistakes it for a working page.
 */
export function ComingSoon({ title, back = 'home' }: ComingSoonProps) {
  const to = back === 'dashboard' ? PATHS.dashboard : PATHS.home;
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title" data-coming-soon="">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <span className="coming-soon__badge">Coming soon</span>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h1>
      <p className="coming-soon__text">This part of {PRODUCT_NAME} is not available yet; we are building it now.</p>
      <Link to={to} className="button button--primary">
        {back === 'dashboard' ? 'Back to the dashboard' : 'Back to the home page'}
      </Link>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import type { AppPath } from '../lib/paths';
import { BRAND } from '../../shared/brand';

export const PRODUCT_NAME = BRAND.productName;
export const PARENT_COMPANY = BRAND.parentCompany;

/** The brand mark alone: a blue tile with a "V" whose right stroke rises like a growth line. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand, #1F71BE)" />
      <path
        d="M8.5 10.5 15 22.5l8.5-15"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23.5" cy="7.5" r="2.2" fill="#9fd3ff" />
    </svg>
  );
}

/** Mark and wordmark, not a link (the loading screen renders outside the router). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo-word">
        Versi<span className="logo-word__accent">market</span>
      </span>
    </span>
  );
}

/** The logo as the way home (or to the dashboard, for the minimal header). */
export function BrandLink({ to = '/' }: { to?: AppPath }) {
  const label = to === '/' ? `${PRODUCT_NAME} home` : `${PRODUCT_NAME} dashboard`;
  return (
    <Link to={to} className="brand-link" aria-label={label}>
      <Logo />
    </Link>
  );
}

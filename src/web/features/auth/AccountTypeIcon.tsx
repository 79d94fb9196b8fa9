import type { AccountType } from '@/lib/auth';

const PATHS: Record<AccountType, string> = {
  client: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8c0-3.3 3.1-6 7-6s7 2.7 7 6',
  freelancer:
    'M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5V15H4V6.5ZM2 18h20M9.5 9.5 8 11l1.5 1.5M14.5 9.5 16 11l-1.5 1.5',
  business: 'M4 20V6l7-3v17M11 20V9l9 3v8M2 20h20M7 9v.5M7 13v.5M15 14v.5M15 17v.5',
};

/** A line icon for each account type, decorative (the card's text says what it is). */
export function AccountTypeIcon({ type }: { type: AccountType }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[type]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

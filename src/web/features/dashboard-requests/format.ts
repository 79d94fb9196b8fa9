import { postedAgo } from '@/lib/format';

export { countryName, fileSize, formatBudget } from '@/lib/format';

/** "3 days ago", "in 4 weeks": a timestamp relative to now. */
export function relativeTime(timestamp: string, now: Date = new Date()): string {
  return postedAgo(timestamp, now);
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "9 Mar 2026". */
export function formatDate(timestamp: string): string {
  return DATE.format(new Date(timestamp));
}

/** "9 Mar 2026, 15:42", for titles. */
export function formatDateTime(timestamp: string): string {
  return DATE_TIME.format(new Date(timestamp));
}

/** "No proposals yet", "1 proposal", "3 proposals". */
export function proposalCountText(count: number): string {
  if (count === 0) return 'No proposals yet';
  return count === 1 ? '1 proposal' : `${count} proposals`;
}

/** "1 unread message", "2 unread messages". */
export function unreadText(count: number): string {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

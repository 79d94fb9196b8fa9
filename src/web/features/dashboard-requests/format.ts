import { postedAgo } from '@/lib/format';

export { countryName, fileSize, formatBudget, formatDate, formatDateTime } from '@/lib/format';

/** "3 days ago", "in 4 weeks": a timestamp relative to now. */
export function relativeTime(timestamp: string, now: Date = new Date()): string {
  return postedAgo(timestamp, now);
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

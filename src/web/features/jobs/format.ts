/** How the job board writes numbers, dates, places and sizes. */
import type { ServiceRequestPublicStatus } from '@/api/generated/model';

export { formatBudget, postedAgo } from '../home/latestRequests';

const integer = new Intl.NumberFormat('en-US');

/** "1 job", "1,234 jobs". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${integer.format(count)} ${count === 1 ? singular : plural}`;
}

/** "Germany" for DE; the code itself when the runtime does not know it; null for none. */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function validDate(timestamp: string): Date | null {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 9, 2026". */
export function formatDate(timestamp: string): string {
  const date = validDate(timestamp);
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '';
}

/** "November 2025". */
export function formatMonth(timestamp: string): string {
  const date = validDate(timestamp);
  return date ? date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }) : '';
}

/** "184 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const STATUS_LABELS: Record<ServiceRequestPublicStatus, string> = {
  open: 'Open',
  'in-review': 'In review',
};

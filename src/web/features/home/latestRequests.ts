import type { ServiceRequestBudget } from '@/api/generated/model';

/** A currency the runtime does not know must not take the page down: show the code instead. */
function moneyFormat(currency: string): { format: (amount: number) => string } {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return { format: (amount) => `${plain.format(amount)} ${currency}` };
  }
}

/** "$8,000–$12,000", "$45–$70 / hour", "From $5,000", "Up to $2,000", "Budget open". */
export function formatBudget(budget: ServiceRequestBudget | null): string {
  if (!budget || budget.type === 'not-sure' || (budget.min == null && budget.max == null)) return 'Budget open';
  const money = moneyFormat(budget.currency);
  const { min, max } = budget;
  const range =
    min != null && max != null
      ? min === max
        ? money.format(min)
        : `${money.format(min)}–${money.format(max)}`
      : min != null
        ? `From ${money.format(min)}`
        : `Up to ${money.format(max as number)}`;
  return budget.type === 'hourly' ? `${range} / hour` : range;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "just now". */
export function postedAgo(timestamp: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(timestamp).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** How the web app writes money, numbers, dates, places, sizes, names, rates and stars. */
import type { Money, ServiceRequestBudget, ServiceRequestPublicStatus } from '@/api/generated/model';

const integer = new Intl.NumberFormat('en-US');

/** "5,000", "1,250.5": a plain number as people write it. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
}

/** "1 job", "1,234 jobs". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${integer.format(count)} ${count === 1 ? singular : plural}`;
}

/** "Germany" for DE; the code itself when the runtime does not know it; null for none. */
export function countryName(code: string): string;
export function countryName(code: string | null): string | null;
export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A timestamp, or a calendar date (`2026-12-15`) read as that day wherever the reader is. */
function validDate(value: string): { date: Date; timeZone?: string } | null {
  const dateOnly = DATE_ONLY.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  return dateOnly ? { date, timeZone: 'UTC' } : { date };
}

/** The one way the web app writes dates: `en-GB` styles, as people read them ("15 Dec 2026"). */
function dateText(value: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB'): string {
  const valid = validDate(value);
  if (!valid) return '';
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: valid.timeZone }).format(valid.date);
}

/** "15 Dec 2026", from a timestamp or a date. */
export function formatDate(value: string): string {
  return dateText(value, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "15 Dec 2026, 14:20": to the minute, for titles and deadlines. */
export function formatDateTime(value: string): string {
  return dateText(value, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "November 2025". */
export function formatMonth(value: string): string {
  return dateText(value, { month: 'long', year: 'numeric' });
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

/** A currency the runtime does not know must not take the page down: show the code instead. */
function moneyFormat(currency: string): { format: (amount: number) => string } {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return { format: (amount) => `${plain.format(amount)} ${currency}` };
  }
}

/** "$5,000", "€80": an amount in its currency, whole units. */
export function formatAmount(amount: number, currency: string): string {
  return moneyFormat(currency).format(amount);
}

/** "$49", "$12.42": a price in its currency, with cents only when it has some. */
export function formatPrice(price: Money): string {
  if (Number.isInteger(price.amount)) return formatAmount(price.amount, price.currency);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency }).format(price.amount);
  } catch {
    return `${price.amount.toFixed(2)} ${price.currency}`;
  }
}

/** "$5,000 – $9,000", "$45 – $70 / hour", "From $5,000", "Up to $2,000", "Budget open". */
export function formatBudget(budget: ServiceRequestBudget | null): string {
  if (!budget || budget.type === 'not-sure' || (budget.min == null && budget.max == null)) return 'Budget open';
  const money = moneyFormat(budget.currency);
  const { min, max } = budget;
  const range =
    min != null && max != null
      ? min === max
        ? money.format(min)
        : `${money.format(min)} – ${money.format(max)}`
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

/** "MO" for "Maya O.", "NA" for "Northwind Analytics", "?" for nothing usable. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s.\-_]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

/** "$95/hr", "€80/hr". */
export function formatRate(rate: Money): string {
  try {
    const amount = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: rate.currency,
      maximumFractionDigits: Number.isInteger(rate.amount) ? 0 : 2,
    }).format(rate.amount);
    return `${amount}/hr`;
  } catch {
    return `${rate.amount} ${rate.currency}/hr`;
  }
}

/** "4.5 out of 5 from 12 reviews", "No reviews yet". */
export function ratingLabel(average: number | null, count: number): string {
  if (!count || average === null) return 'No reviews yet';
  return `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** "9 years", "1 year", "Less than a year". */
export function yearsLabel(years: number): string {
  if (years < 1) return 'Less than a year';
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

export const AVAILABILITY_LABELS: Record<string, string> = {
  'full-time': 'Full time (30+ hrs/week)',
  'part-time': 'Part time (10 to 30 hrs/week)',
  'as-needed': 'As needed (under 10 hrs/week)',
  'not-available': 'Not taking new work',
};

export const PROFICIENCY_LABELS: Record<string, string> = {
  basic: 'Basic',
  conversational: 'Conversational',
  fluent: 'Fluent',
  native: 'Native or bilingual',
};

/** "Mar 2020", "Sep 2025" (en-GB would write "Sept"), from a date or timestamp. */
export function monthYear(value: string): string {
  return dateText(value, { month: 'short', year: 'numeric' }, 'en-US');
}

/** "Mar 2020 – Present", "2013 – 2015". */
export function periodLabel(start: string, end: string | null, current = false): string {
  return `${start} – ${current || !end ? 'Present' : end}`;
}

/** `fp-and-a-revolution` as words ("Fp and a revolution"), for a name nothing else gives. */
export function humanisedSlug(slug: string): string {
  const words = slug.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "$18,500" for a fixed price, "$95/hr" by the hour: a proposal's price as everyone reads it. */
export function proposalPrice(price: Money, priceType: 'fixed' | 'hourly'): string {
  return priceType === 'hourly' ? formatRate(price) : formatAmount(price.amount, price.currency);
}

export const PRICE_TYPE_LABELS: Record<'fixed' | 'hourly', string> = {
  fixed: 'Fixed price',
  hourly: 'Hourly rate',
};

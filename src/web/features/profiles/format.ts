/** How provider pages and cards write names, places, rates, stars and dates. */
import type { Location, Money } from '@/api/generated/model';
import { countryName } from '../jobs/format';

export { countOf, countryName, formatDate, formatMonth, fileSize } from '../jobs/format';

/** "MO" for "Maya O.", "NA" for "Northwind Analytics", "?" for nothing usable. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s.\-_]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

/** "San Francisco, CA, United States"; null when there is no place. */
export function placeOf(location: Location | null | undefined): string | null {
  if (!location) return null;
  return [location.city, location.state, countryName(location.country)].filter(Boolean).join(', ') || null;
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

/** "Mar 2020", from a date or timestamp. */
export function monthYear(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "Mar 2020 – Present", "2013 – 2015". */
export function periodLabel(start: string, end: string | null, current = false): string {
  return `${start} – ${current || !end ? 'Present' : end}`;
}

import { describe, expect, it } from 'vitest';
import { formatAmount, formatBudget, formatDate, formatPrice, proposalPrice } from './format';

describe('how the web app writes amounts and dates', () => {
  it('writes a budget range with its currency and a spaced dash', () => {
    expect(formatBudget({ type: 'fixed', min: 5000, max: 9000, currency: 'USD' })).toBe('$5,000 – $9,000');
    expect(formatBudget({ type: 'hourly', min: 45, max: 70, currency: 'EUR' })).toBe('€45 – €70 / hour');
    expect(formatBudget({ type: 'fixed', min: null, max: 2000, currency: 'GBP' })).toBe('Up to £2,000');
    expect(formatAmount(12500, 'USD')).toBe('$12,500');
  });

  it('writes a proposal’s price as a total or by the hour', () => {
    expect(proposalPrice({ amount: 18500, currency: 'USD' }, 'fixed')).toBe('$18,500');
    expect(proposalPrice({ amount: 95, currency: 'EUR' }, 'hourly')).toBe('€95/hr');
    expect(proposalPrice({ amount: 72.5, currency: 'GBP' }, 'hourly')).toBe('£72.50/hr');
  });

  it('writes a price with cents only when it has some', () => {
    expect(formatPrice({ amount: 49, currency: 'USD' })).toBe('$49');
    expect(formatPrice({ amount: 40.83, currency: 'USD' })).toBe('$40.83');
    expect(formatPrice({ amount: 12.5, currency: 'EUR' })).toBe('€12.50');
    expect(formatPrice({ amount: 1490, currency: 'USD' })).toBe('$1,490');
  });

  it('writes a calendar date as that day, wherever the reader is, and a timestamp in en-GB style', () => {
    expect(formatDate('2026-12-15')).toBe('15 Dec 2026');
    expect(formatDate('2026-03-09T12:00:00Z')).toBe('9 Mar 2026');
    expect(formatDate('not a date')).toBe('');
  });
});

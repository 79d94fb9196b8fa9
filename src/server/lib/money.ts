/**
 * Reference exchange rates for comparing budgets across currencies on the job board: units of
 * each currency per US dollar. They only order and filter budgets, never price anything, so a
 * table updated with releases is precise enough. A currency missing here has no USD amount: its
 * budgets sort with the ones without amounts and drop out of budget filters.
 */
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.37,
  AUD: 1.52,
  NZD: 1.66,
  CHF: 0.88,
  JPY: 151,
  CNY: 7.2,
  HKD: 7.8,
  SGD: 1.34,
  INR: 83.5,
  PKR: 278,
  BDT: 118,
  LKR: 300,
  NPR: 133,
  IDR: 15800,
  MYR: 4.7,
  PHP: 57,
  THB: 36,
  VND: 25000,
  KRW: 1350,
  TWD: 32,
  AED: 3.67,
  SAR: 3.75,
  QAR: 3.64,
  KWD: 0.31,
  ILS: 3.7,
  TRY: 32,
  EGP: 48,
  NGN: 1500,
  KES: 130,
  GHS: 14.5,
  ZAR: 18.5,
  MAD: 10,
  BRL: 5.1,
  MXN: 17,
  ARS: 880,
  CLP: 930,
  COP: 3900,
  PEN: 3.7,
  SEK: 10.6,
  NOK: 10.8,
  DKK: 6.9,
  PLN: 4,
  CZK: 23,
  HUF: 360,
  RON: 4.6,
  BGN: 1.8,
  UAH: 39,
};

/** An amount in USD, or null when the currency has no reference rate. */
export function toUsd(amount: number, currency: string): number | null {
  const rate = USD_RATES[currency];
  return rate === undefined ? null : amount / rate;
}

/**
 * What a tab keeps across a checkout at the payment provider (spec §4: "a temporary message path
 * kept across a new subscription" and "a temporary versigems purchase count"), in sessionStorage:
 * the provider sends the buyer back to this site in the same tab, so the return page and the buy
 * page find them again. Storage may be off: then nothing is kept and nothing throws.
 */
import { safeNext } from './safeNext';

/** The page to go back to once the purchase is made (a conversation, a proposal being written). */
export const CHECKOUT_RETURN_KEY = 'checkout_return_path';
/** The bundle and the number of bundles chosen on the buy page, restored when the buyer comes back. */
export const VERSIGEMS_COUNT_KEY = 'versigems_purchase_count';

export interface CheckoutReturn {
  /** A path of this site, with its query. */
  path: string;
  /** What the path is, as a link's words ("Back to your proposal"). */
  label: string;
}

export interface VersigemsCount {
  bundleId: string;
  quantity: number;
}

function read(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the page simply does not offer the way back.
  }
}

function remove(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

/** Keeps the page the person leaves to buy a plan or versigems (a same-site path only). */
export function rememberCheckoutReturn(path: string, label: string): void {
  const safe = safeNext(path);
  if (safe) write(CHECKOUT_RETURN_KEY, { path: safe, label: label.slice(0, 80) });
}

/** The page kept by `rememberCheckoutReturn`, if any and still a same-site path. */
export function checkoutReturn(): CheckoutReturn | null {
  const value = read(CHECKOUT_RETURN_KEY) as Partial<CheckoutReturn> | null;
  if (!value || typeof value !== 'object' || typeof value.label !== 'string' || !value.label) return null;
  const path = safeNext(value.path);
  return path ? { path, label: value.label } : null;
}

export function forgetCheckoutReturn(): void {
  remove(CHECKOUT_RETURN_KEY);
}

/** Keeps the bundle and count chosen, as the buyer leaves for the checkout. */
export function rememberVersigemsCount(bundleId: string, quantity: number): void {
  write(VERSIGEMS_COUNT_KEY, { bundleId, quantity });
}

/** The bundle and count chosen before the checkout, if any. */
export function versigemsCount(): VersigemsCount | null {
  const value = read(VERSIGEMS_COUNT_KEY) as Partial<VersigemsCount> | null;
  if (!value || typeof value !== 'object' || typeof value.bundleId !== 'string') return null;
  const quantity = value.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  return { bundleId: value.bundleId, quantity };
}

export function forgetVersigemsCount(): void {
  remove(VERSIGEMS_COUNT_KEY);
}

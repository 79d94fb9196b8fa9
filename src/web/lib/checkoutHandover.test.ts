import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_RETURN_KEY,
  checkoutReturn,
  forgetCheckoutReturn,
  forgetVersigemsCount,
  rememberCheckoutReturn,
  rememberVersigemsCount,
  VERSIGEMS_COUNT_KEY,
  versigemsCount,
} from './checkoutHandover';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the page kept across a checkout', () => {
  it('keeps a path of this site with its query, and forgets it', () => {
    rememberCheckoutReturn('/jobs/VR-9P3R5T7W/proposals/submit/?from=quote', 'Back to your proposal');
    expect(checkoutReturn()).toEqual({
      path: '/jobs/VR-9P3R5T7W/proposals/submit/?from=quote',
      label: 'Back to your proposal',
    });
    forgetCheckoutReturn();
    expect(checkoutReturn()).toBeNull();
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'never keeps or follows %s',
    (path) => {
      rememberCheckoutReturn(path, 'Back');
      expect(window.sessionStorage.getItem(CHECKOUT_RETURN_KEY)).toBeNull();
      window.sessionStorage.setItem(CHECKOUT_RETURN_KEY, JSON.stringify({ path, label: 'Back' }));
      expect(checkoutReturn()).toBeNull();
    },
  );

  it('reads damaged or missing values as nothing kept', () => {
    window.sessionStorage.setItem(CHECKOUT_RETURN_KEY, '{not json');
    expect(checkoutReturn()).toBeNull();
    window.sessionStorage.setItem(CHECKOUT_RETURN_KEY, JSON.stringify({ path: '/dashboard/' }));
    expect(checkoutReturn()).toBeNull();
  });
});

describe('the versigems count kept across a checkout', () => {
  it('keeps the bundle and a whole count of at least 1, and forgets it', () => {
    rememberVersigemsCount('7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56', 3);
    expect(versigemsCount()).toEqual({ bundleId: '7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56', quantity: 3 });
    forgetVersigemsCount();
    expect(versigemsCount()).toBeNull();
  });

  it.each([0, -1, 2.5, '3', null])('reads a count of %s as nothing kept', (quantity) => {
    window.sessionStorage.setItem(VERSIGEMS_COUNT_KEY, JSON.stringify({ bundleId: 'x', quantity }));
    expect(versigemsCount()).toBeNull();
  });

  it('works without storage: nothing is kept and nothing throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => rememberVersigemsCount('x', 2)).not.toThrow();
    expect(() => rememberCheckoutReturn('/dashboard/', 'Back')).not.toThrow();
    expect(versigemsCount()).toBeNull();
    expect(checkoutReturn()).toBeNull();
  });
});

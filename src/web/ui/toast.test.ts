import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/mutator';
import { GENERIC_ERROR_MESSAGE, NOTIFICATION_DISPLAY_MS, apiErrorMessage } from './toast';

describe('toasts', () => {
  it('shows notifications for 3.5 s', () => {
    expect(NOTIFICATION_DISPLAY_MS).toBe(3500);
  });

  it("shows an API error's own message", () => {
    const error = new ApiError(409, { status: 'error', message: 'This email is already registered.' });
    expect(apiErrorMessage(error)).toBe('This email is already registered.');
  });

  it('falls back to a generic message', () => {
    expect(apiErrorMessage(new Error('socket hang up'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(apiErrorMessage(new ApiError(500, { status: 'error', message: '' }))).toBe(GENERIC_ERROR_MESSAGE);
  });
});

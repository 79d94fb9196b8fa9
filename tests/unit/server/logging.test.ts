// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../src/server/logging';

describe('redactUrl', () => {
  it('hides tokens in paths and secret query values, keeps ids readable', () => {
    expect(redactUrl('/api/auth/verify/account/Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEu/')).toBe(
      '/api/auth/verify/account/[redacted]/',
    );
    expect(
      redactUrl(
        '/api/auth/social-accounts/google/callback/4%2F0AeanS0b8XkQ2mTz7rW1vYc9pLd3HsFg?state=abc&rememberMe=true',
      ),
    ).toBe('/api/auth/social-accounts/google/callback/[redacted]?state=%5Bredacted%5D&rememberMe=true');
    expect(redactUrl('/api/service/request/7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33/?page=2')).toBe(
      '/api/service/request/7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33/?page=2',
    );
    // The one-click unsubscribe URL of the List-Unsubscribe header carries its token in the query.
    expect(redactUrl('/api/website/unsubscribe/one-click/?token=uN5bK8wQ2xR7tZ1mV4cY9pL3sH6dF0gA')).toBe(
      '/api/website/unsubscribe/one-click/?token=%5Bredacted%5D',
    );
  });
});

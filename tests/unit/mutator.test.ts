import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { ApiError, apiFetch, resetCsrfToken } from '@/api/mutator';

describe('apiFetch', () => {
  it('prefixes /api, sends credentials and the CSRF token, and returns the envelope', async () => {
    let seen: { url: string; token: string | null; credentials: RequestCredentials } | null = null;
    server.use(
      http.get('*/api/csrf/', () =>
        HttpResponse.json({ status: 'success', message: 'OK', data: { csrfToken: 'tok-1' } }),
      ),
      http.post('*/api/website/contact-us/', ({ request }) => {
        seen = {
          url: new URL(request.url).pathname,
          token: request.headers.get('x-csrf-token'),
          credentials: request.credentials,
        };
        return HttpResponse.json({ status: 'success', message: 'Thanks', data: { id: 1 } }, { status: 201 });
      }),
    );
    const body = await apiFetch<{ status: string; data: { id: number } }>('/website/contact-us/', {
      method: 'POST',
      body: '{}',
    });
    expect(body.data.id).toBe(1);
    expect(seen).toEqual({ url: '/api/website/contact-us/', token: 'tok-1', credentials: 'include' });
  });

  it('throws an ApiError carrying the error envelope and its field errors', async () => {
    server.use(
      http.post('*/api/auth/login/', () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Please correct the highlighted fields.',
            code: 'validation_failed',
            errors: [{ field: 'email', message: 'must be a valid email address' }],
          },
          { status: 400 },
        ),
      ),
    );
    const error = await apiFetch('/auth/login/', { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(400);
    expect((error as ApiError).message).toBe('Please correct the highlighted fields.');
    expect((error as ApiError).fieldError('email')).toBe('must be a valid email address');
  });

  it('treats a 200 whose status is not "success" as an error with the whole body (spec §5)', async () => {
    server.use(http.get('*/api/auth/me/', () => HttpResponse.json({ status: 'failed', message: 'Nope' })));
    const error = await apiFetch('/auth/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Nope');
  });

  it('falls back to a generic message when the body is not an envelope', async () => {
    server.use(http.get('*/api/auth/me/', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    const error = (await apiFetch('/auth/me/').catch((e: unknown) => e)) as ApiError;
    expect(error.httpStatus).toBe(502);
    expect(error.message).toBe('Something went wrong. Please try again.');
  });

  it('fetches a fresh CSRF token once and retries when the server says the token is stale', async () => {
    let issued = 0;
    const accepted: string[] = [];
    server.use(
      http.get('*/api/csrf/', () => {
        issued += 1;
        return HttpResponse.json({ status: 'success', message: 'OK', data: { csrfToken: `tok-${issued}` } });
      }),
      http.patch('*/api/auth/change-password/', ({ request }) => {
        const token = request.headers.get('x-csrf-token') ?? '';
        if (token !== 'tok-2')
          return HttpResponse.json({ status: 'error', message: 'Stale', code: 'csrf_failed' }, { status: 403 });
        accepted.push(token);
        return HttpResponse.json({ status: 'success', message: 'Changed', data: null });
      }),
    );
    const body = await apiFetch<{ message: string }>('/auth/change-password/', { method: 'PATCH', body: '{}' });
    expect(body.message).toBe('Changed');
    expect(issued).toBe(2);
    expect(accepted).toEqual(['tok-2']);
  });

  it('sends a read at once, without waiting for a CSRF token, and with one only when the server asks', async () => {
    resetCsrfToken();
    let issued = 0;
    const seen: Record<string, (string | null)[]> = { read: [], logout: [] };
    server.use(
      http.get('*/api/csrf/', () => {
        issued += 1;
        return HttpResponse.json({ status: 'success', message: 'OK', data: { csrfToken: `tok-${issued}` } });
      }),
      http.get('*/api/service/families/all/', ({ request }) => {
        seen.read!.push(request.headers.get('x-csrf-token'));
        return HttpResponse.json({ status: 'success', message: 'OK', data: [] });
      }),
      http.get('*/api/auth/logout/', ({ request }) => {
        const token = request.headers.get('x-csrf-token');
        seen.logout!.push(token);
        if (!token) return HttpResponse.json({ status: 'error', message: 'No', code: 'csrf_failed' }, { status: 403 });
        return HttpResponse.json({ status: 'success', message: 'Signed out', data: null });
      }),
    );
    await apiFetch('/service/families/all/');
    expect(issued).toBe(0);
    expect(seen.read).toEqual([null]);

    const body = await apiFetch<{ message: string }>('/auth/logout/');
    expect(body.message).toBe('Signed out');
    expect(seen.logout).toEqual([null, 'tok-1']);
    // Known now: later reads carry it.
    await apiFetch('/service/families/all/');
    expect(seen.read).toEqual([null, 'tok-1']);
    expect(issued).toBe(1);
  });
});

import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from '../../mocks/node';
import { resetCsrfToken } from '@/api/mutator';
import { forgetClaimedGoogleCodes } from '@/lib/googleSignIn';

// findBy and waitFor wait up to 4 s (1 s by default): whole-app renders load lazy routes and
// forms, which on a busy machine takes longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 4000 });

/**
 * The files of a worker share one document and the libraries' modules (vitest.config.ts), so each
 * file starts from what a new visitor's browser holds: no storage, no cookies, real timers, no
 * stubs.
 */
function freshBrowser() {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Server-side files run in Node, without a document.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.title = '';
}

// A call no handler answers fails the test loudly.
beforeAll(() => {
  freshBrowser();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // What a module keeps for the page's life: each test is a new page load.
  resetCsrfToken();
  forgetClaimedGoogleCodes();
});
afterAll(() => server.close());

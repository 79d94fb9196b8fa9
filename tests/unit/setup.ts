import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from '../../mocks/node';
import { resetCsrfToken } from '@/api/mutator';

// findBy and waitFor wait up to 4 s (1 s by default): whole-app renders load lazy routes and
// forms, which on a busy machine takes longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 4000 });

// A call no handler answers fails the test loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetCsrfToken();
});
afterAll(() => server.close());

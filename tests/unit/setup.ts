import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { server } from '../../mocks/node';
import { resetCsrfToken } from '../../src/web/api/mutator';

// A call no handler answers fails the test loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetCsrfToken();
});
afterAll(() => server.close());

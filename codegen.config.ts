import { defineConfig } from 'orval';

// Everything here is derived from openapi/ (bundled to openapi/generated/openapi.yaml by
// `npm run codegen`). Never edit the outputs by hand: change the contract and regenerate.
const input = { target: './openapi/generated/openapi.yaml' };
const schemas = './src/web/api/generated/model';

export default defineConfig({
  // Typed client and React Query hooks, one file per contract tag.
  client: {
    input,
    output: {
      mode: 'tags-split',
      target: './src/web/api/generated/endpoints.ts',
      schemas,
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      override: {
        // The one place that knows the /api root, credentials, the CSRF header and the envelope.
        mutator: { path: './src/web/api/mutator.ts', name: 'apiFetch' },
        fetch: { includeHttpResponseReturnType: false },
        query: { useQuery: true, useSuspenseQuery: false, signal: true },
      },
    },
  },
  // MSW handlers with faker data, for component tests and the browser's mock scenarios.
  mocks: {
    input,
    output: {
      mode: 'tags-split',
      target: './mocks/generated/handlers.ts',
      schemas,
      client: 'fetch',
      clean: true,
      mock: { type: 'msw', delay: false, baseUrl: '/api' },
      override: {
        mutator: { path: './src/web/api/mutator.ts', name: 'apiFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
});

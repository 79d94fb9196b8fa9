import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { formValidators } from './scripts/vite-form-validators';
import { precompress } from './scripts/vite-precompress';

const projectRoot = import.meta.dirname;
const webRoot = resolve(projectRoot, 'src/web');

/** `@/x` is src/web/x: shared with vitest.config.ts and mirrored by tsconfig.json `paths`. */
export const webAlias = [{ find: /^@\//, replacement: `${webRoot}/` }];

/** Prism mock server (`npm run dev:mock`). */
const PRISM_ORIGIN = 'http://127.0.0.1:4010';
/** Prism checks the cookie security scheme, so a visitor without a session still gets answers. */
const MOCK_SESSION_COOKIE = 'sid=mock-session';

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return /(?:^|;\s*)sid=/.test(cookieHeader ?? '');
}

/**
 * In development the web root's own modules under src/web/api/ (the fetch mutator, the generated
 * client) are served at /api/... too: those requests are files, not API calls.
 */
function webSourceFile(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const pathname = decodeURIComponent(url.split('?')[0] ?? '');
  const file = resolve(webRoot, `.${pathname}`);
  if (!file.startsWith(webRoot + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return url;
}

function apiProxy(mode: string, env: Record<string, string>): ProxyOptions {
  const bypass: ProxyOptions['bypass'] = (req) => webSourceFile(req.url);
  if (mode === 'mock') {
    return {
      bypass,
      target: PRISM_ORIGIN,
      changeOrigin: true,
      // Prism ignores the contract's `servers: [{ url: /api }]` and serves the paths at its root.
      rewrite: (path) => path.replace(/^\/api(?=\/|$)/, '') || '/',
      configure: (proxy) => {
        proxy.on('proxyReq', (proxyReq, req) => {
          const cookie = req.headers.cookie;
          if (!hasSessionCookie(cookie)) {
            proxyReq.setHeader('Cookie', cookie ? `${cookie}; ${MOCK_SESSION_COOKIE}` : MOCK_SESSION_COOKIE);
          }
        });
      },
    };
  }
  // The real API keeps the /api prefix.
  return { target: `http://127.0.0.1:${env.API_PORT || '3000'}`, bypass };
}

const outDir = resolve(projectRoot, 'dist/web');
/** The web app built for the server, which draws public pages' first screens (src/web/prerender.tsx). */
const ssrOutDir = resolve(projectRoot, 'dist/ssr');

/** The MSW worker script (public/) serves development's `?scenario=` only: keep it out of the build. */
function dropMockWorkerFromBuild(): Plugin {
  return {
    name: 'drop-mock-service-worker',
    apply: 'build',
    closeBundle() {
      rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

/** The route files and how they are split, the same for the browser's build and the server's. */
const routerPlugin = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    codeSplittingOptions: {
      // A loader travels with its page: one that reads a form (RJSF, the form files) would
      // otherwise keep all of that in the entry chunk. A route whose loader only asks the API
      // (generated query options) keeps it in the entry with `codeSplitGroupings`, so the
      // data request leaves while the page's chunk downloads.
      defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
    },
    routesDirectory: resolve(webRoot, 'routes'),
    generatedRouteTree: resolve(webRoot, 'routeTree.gen.ts'),
    quoteStyle: 'single',
  });

export default defineConfig(({ mode, isSsrBuild }) => {
  // .env files live at the project root, not in the web root.
  const env = { ...loadEnv(mode, projectRoot, ''), ...process.env } as Record<string, string>;

  if (isSsrBuild) {
    // `vite build --ssr prerender.tsx`: the same app and route files, for Node, beside the server.
    return {
      root: webRoot,
      envDir: projectRoot,
      publicDir: false,
      resolve: { alias: webAlias },
      plugins: [routerPlugin(), react(), formValidators(projectRoot)],
      build: {
        outDir: ssrOutDir,
        emptyOutDir: true,
        ssr: true,
        rolldownOptions: { input: resolve(webRoot, 'prerender.tsx') },
      },
    };
  }

  return {
    root: webRoot,
    envDir: projectRoot,
    publicDir: resolve(webRoot, 'public'),
    // `@/x` is src/web/x (tsconfig.json `paths` says the same for TypeScript).
    resolve: { alias: webAlias },
    plugins: [
      // Must come before react(): it rewrites route files for code splitting.
      routerPlugin(),
      react(),
      // The request forms' validators, compiled from forms/ so the browser never compiles code.
      formValidators(projectRoot),
      dropMockWorkerFromBuild(),
      // Last: compresses what the other steps left in the build.
      precompress(outDir),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      // Which files each route's code needs: the server names them in a page's Link header.
      manifest: true,
      rolldownOptions: {
        // The app (index.html), and the first script of the pages the server draws (boot.ts).
        input: { index: resolve(webRoot, 'index.html'), boot: resolve(webRoot, 'boot.ts') },
        output: {
          codeSplitting: {
            // What every page runs first (the entry and everything it imports statically) in one
            // file: a first visit opens one request for it, not twenty, which HTTP/1.1's six
            // connections per host would queue. The pages' own code stays in their chunks.
            groups: [
              // Not the boot file of the drawn pages (boot.ts and what it imports), which must stay small.
              {
                name: 'shell',
                tags: ['$initial'],
                test: /^(?!.*[\\/]src[\\/]web[\\/](?:boot|lib[\\/]prerendered)\.ts$)/,
              },
              // The small shared pieces of the forms (fields, their checks and limits, the sign-in
              // hooks) in one file, rather than a dozen tiny ones each form page would wait for.
              {
                name: 'form-kit',
                test: /src[\\/]web[\\/](?:ui[\\/]form[\\/]|lib[\\/](?:sentence|limits)\.ts|api[\\/]generated[\\/]limits\.ts|features[\\/]auth[\\/]use\w+\.ts)/,
              },
            ],
          },
        },
      },
    },
    server: {
      // mocks/ (MSW worker setup, scenarios) lives outside src/web.
      fs: { allow: [projectRoot] },
      proxy: { '/api': apiProxy(mode, env) },
    },
    preview: {
      proxy: { '/api': apiProxy(mode, env) },
    },
  };
});

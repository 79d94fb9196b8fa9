import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../contract/document';
import { notFound } from '../errors';
import { routePreloads, type BuildManifest } from '../lib/route-preloads';
import { sendError } from './error-envelope';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Marketplace: web app not built</title></head>
<body><h1>The web app is not built yet</h1><p>Run <code>npm run build</code>, then reload this page.
The API is running under <code>/api/</code>.</p></body></html>`;

/** Every page's first call is the session check (GET /api/auth/me/, with the cookies): asked for at once. */
const SESSION_CHECK_PRELOAD = `<${API_PREFIX}/auth/me/>; rel=preload; as=fetch; crossorigin=use-credentials`;

const wantsPage = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.url !== API_PREFIX &&
  !request.url.startsWith(`${API_PREFIX}/`) &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * Unknown addresses: under /api, the 404 envelope. With `webRoot`, the built web app is served
 * (hashed /assets/* cached for good) and any other page address gets index.html, so the web
 * app's router shows the screen or its own 404 page.
 */
export default fp<{ webRoot?: string }>(
  async (app, { webRoot }) => {
    const built = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
    if (built) {
      // A page's own code, named in its Link header, downloads beside the entry file. Added
      // before the static files' plugin, whose pages (index.html for /) take the hook with them.
      const manifestFile = join(webRoot, '.vite', 'manifest.json');
      if (existsSync(manifestFile)) {
        const preloadsFor = routePreloads(JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest);
        // Every answer passes through here (API calls too): no promise for those.
        app.addHook('onSend', (request, reply, payload, done) => {
          if (wantsPage(request) && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
            const link = preloadsFor(new URL(request.url, 'http://page').pathname);
            if (link) reply.header('link', `${link}, ${SESSION_CHECK_PRELOAD}`);
          }
          done(null, payload);
        });
      }

      await app.register(fastifyStatic, {
        root: webRoot,
        index: ['index.html'],
        wildcard: true,
        // The build writes .br and .gz beside each text asset (scripts/vite-precompress.ts).
        preCompressed: true,
        setHeaders: (reply, path) => {
          const immutable = path.startsWith(join(webRoot, 'assets'));
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (webRoot !== undefined && wantsPage(request)) {
        if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
        return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      }
      return sendError(notFound(), request, reply);
    });
  },
  { name: 'web-app', dependencies: ['error-envelope'] },
);

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../contract/document';
import { notFound } from '../errors';
import { negotiate } from '@fastify/accept-negotiator';
import {
  CATALOGUE_PAGES,
  FRESHLY_DRAWN_PAGES,
  PRERENDERED_PAGES,
  prerenderedPages,
  type PrerenderedPage,
} from '../lib/prerendered-pages';
import { pageAssets, routeAssets, stylePreload, type BuildManifest, type RouteAssets } from '../lib/route-preloads';
import { showsPathAlone } from '../lib/campaign-parameters';
import { SESSION_COOKIE } from './session';
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
export default fp<{ webRoot?: string; prerenderEntry?: string }>(
  async (app, { webRoot, prerenderEntry }) => {
    const built = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
    if (built) {
      const manifestFile = join(webRoot, '.vite', 'manifest.json');
      const manifest = existsSync(manifestFile)
        ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
        : undefined;

      // A page's own code, named in its Link header, downloads beside the entry file. Added
      // before the static files' plugin, whose pages (index.html for /) take the hook with them.
      // One table of every route's files: the Link headers and the drawn pages read it.
      const routeOf: (pathname: string) => RouteAssets = manifest
        ? routeAssets(manifest)
        : () => ({ link: undefined, scripts: [], styles: [] });
      if (manifest) {
        // Every answer passes through here (API calls too): no promise for those. A drawn page
        // names its own (below).
        app.addHook('onSend', (request, reply, payload, done) => {
          if (
            wantsPage(request) &&
            !reply.hasHeader('link') &&
            String(reply.getHeader('content-type') ?? '').startsWith('text/html')
          ) {
            const { link } = routeOf(new URL(request.url, 'http://page').pathname);
            if (link) reply.header('link', `${link}, ${SESSION_CHECK_PRELOAD}`);
          }
          done(null, payload);
        });
      }

      // A visitor's first request for a public page gets its first screen drawn (prerendered-pages.ts);
      // a browser with a session cookie may be signed in, and gets index.html, whose app asks.
      if (prerenderEntry !== undefined && existsSync(prerenderEntry)) {
        const appFiles = manifest ? pageAssets(manifest) : { scripts: [], styles: [] };
        const assetsFor = (pathname: string) => {
          const route = routeOf(pathname);
          return { scripts: [...appFiles.scripts, ...route.scripts], styles: [...appFiles.styles, ...route.styles] };
        };
        const pages = prerenderedPages(app, {
          entry: prerenderEntry,
          template: readFileSync(join(webRoot, 'index.html'), 'utf8'),
          assetsFor,
          boot: manifest?.['boot.ts']?.file,
        });
        // A drawn page's stylesheets, asked for before its HTML is read; its scripts wait for the
        // first paint (boot.ts), and a browser without a session cookie has no session to check.
        const styleLinks = (pathname: string) => assetsFor(pathname).styles.map(stylePreload).join(', ');
        // Drawn once the server listens, one after another, so no visitor waits for a first drawing.
        app.addHook('onListen', (done) => {
          void PRERENDERED_PAGES.reduce<Promise<unknown>>(
            (previous, path) => previous.then(() => pages.kept(path)),
            Promise.resolve(),
          );
          done();
        });
        const send = async (
          request: FastifyRequest,
          reply: FastifyReply,
          path: string,
          draw: () => Promise<PrerenderedPage | null>,
        ) => {
          reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding');
          // A link from a campaign (utm_source and the like) shows the page its path names.
          const visitor = request.cookies[SESSION_COOKIE] === undefined && showsPathAlone(request.url);
          const page = visitor ? await draw() : null;
          if (!page) return reply.sendFile('index.html', webRoot);
          reply.type('text/html; charset=utf-8');
          const link = styleLinks(path);
          if (link) reply.header('link', link);
          const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
          if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
          if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
          return reply.send(page.html);
        };
        for (const path of PRERENDERED_PAGES) {
          app.get(path, (request, reply) => send(request, reply, path, () => pages.listed(path)));
        }
        // Pages with a parameter: each drawing decides from the address whether it is one of its pages.
        const drawnByRoute = [
          ...CATALOGUE_PAGES.map(({ route }) => ({ route, draw: pages.ofCatalogue })),
          ...FRESHLY_DRAWN_PAGES.map(({ route }) => ({ route, draw: pages.fresh })),
        ];
        for (const { route, draw } of drawnByRoute) {
          app.get(route, (request, reply) => {
            const path = new URL(request.url, 'http://page').pathname;
            return send(request, reply, path, () => draw(path));
          });
        }
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

/**
 * Public pages' first screens as HTML, so a visitor's browser paints the page before the web app's
 * JavaScript has arrived and run (the web app then takes it over: hydrates it). The markup comes
 * from the web app itself, built for the server (`src/web/prerender.tsx` → `dist/ssr/`), rendered
 * once per page and process: what it shows (the catalogue, the site's texts) changes only when
 * the server starts. Pages showing what changes at any time are drawn afresh for each visitor:
 * public profiles and jobs, and the boards and directories with their first results (their calls
 * answered as the visitor's browser would have them answered). Any other call stays unanswered,
 * so its part shows its loading state and the app asks for it as it always does.
 */
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../contract/document';

/** Where visitors arrive: the pages worth painting before the app runs. */
export const PRERENDERED_PAGES = [
  '/',
  '/auth/login/',
  '/auth/signup/',
  '/request/new/',
  '/find/jobs/',
  '/find/professionals/',
  '/find/businesses/',
  '/services/',
  '/pricing/',
  '/about-us/',
  '/business-listing/',
  '/help-center/',
  '/contact-us/',
  '/legal/terms/',
  '/legal/privacy-policy/',
  '/legal/cookies-policy/',
  '/products/netsuite/',
  '/products/netsuite/hire/',
  '/products/react/',
] as const;

/**
 * The calls a render may have answered: those whose answers change only when the server starts,
 * the catalogue's lists (read from its data files), the business directory's bands (the server's
 * own lists) and the ways to sign in (from the configuration).
 */
const ANSWERED_CALLS = new Set(
  [
    '/service/families/all/',
    '/service/project-duration/all/',
    '/service/payment-type/all/',
    '/service/currency/all/',
    '/service/estimated-budget/all/',
    '/service/business-type/all/',
    '/service/business-size/all/',
    '/service/industry-type/all/',
    '/account/country/all/',
    '/account/language/all/',
    '/account/business/total-employees/all/',
    '/account/business/minimum-project-size/all/',
    '/account/business/average-hourly-rate/all/',
    '/auth/sign-in-options/',
  ].map((path) => `${API_PREFIX}${path}`),
);

/**
 * Calls a listed page is drawn with beside ANSWERED_CALLS, with any query: answers that change
 * only when the server starts, given to a visitor as the page asks for them. The pricing page's
 * plans and bundles: the plans answer a signed-in business with its own plan, but a drawn page
 * goes only to a browser without a session, and signing in asks every call again.
 */
const KEPT_PAGE_CALLS: Partial<Record<(typeof PRERENDERED_PAGES)[number], string[]>> = {
  '/pricing/': [`${API_PREFIX}/payments/business/plans/`, `${API_PREFIX}/payments/freelancer/plans/versigems/`],
};

/** What the web app's server build exports (src/web/prerender.tsx). */
interface Renderer {
  renderPage(
    url: string,
    answer: (url: string, method: string) => Promise<Response> | undefined,
    options?: { timeoutMs?: number },
  ): Promise<{ title: string | undefined; body: string; state: unknown; complete?: boolean } | null>;
}

export interface PrerenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const escapeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The files a drawn page loads: its stylesheets, and the app's modules, entry first. */
export interface PageAssets {
  styles: string[];
  scripts: string[];
}

/** Where the boot file finds the app's modules (src/web/boot.ts reads it). */
const APP_MODULES_ID = 'app-modules';
const MODULE_SCRIPT = /<script type="module"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * The page's HTML: index.html with the page's title, its own stylesheets (so the markup is styled
 * at its first paint), the markup in the root element and the answers it was drawn with (data the
 * app reads, not a script: the content security policy allows no inline script). With a boot file,
 * that file is the page's only script: it loads the app's modules, listed in the page, once the
 * page is painted; index.html's entry script and module preloads are taken out.
 */
export function pageDocument(
  template: string,
  page: { title: string | undefined; body: string; state: unknown; complete?: boolean },
  assets: PageAssets & { boot?: string },
): string {
  let html = template;
  if (page.title !== undefined) html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${page.title}</title>`);
  const own = new Set(html.match(/href="\/[^"]+\.css"/g)?.map((href) => href.slice(7, -1)));
  const links = assets.styles
    .filter((href) => !own.has(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`)
    .join('');
  let modules = '';
  if (assets.boot !== undefined) {
    html = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
    html = html.replace('</head>', () => `<script type="module" crossorigin src="/${assets.boot}"></script></head>`);
    const files = JSON.stringify(assets.scripts.map((file) => `/${file}`));
    modules = `<script type="application/json" id="${APP_MODULES_ID}">${escapeJson(files)}</script>`;
  }
  html = html.replace('</head>', () => `${links}</head>`);
  return html.replace(
    '<div id="root"></div>',
    () =>
      // Drawn with every call answered: the app takes it over as it is (src/web/main.tsx).
      `<div id="root"${page.complete ? ' data-complete=""' : ''}>${page.body}</div>` +
      `<script type="application/json" id="prerendered-state">${escapeJson(JSON.stringify(page.state))}</script>` +
      modules,
  );
}

/**
 * Pages drawn afresh for each visitor, with the calls for the page's own record answered as the
 * visitor's browser would have them answered (without a session): a freelancer's and a business's
 * public profile, and a job of the board. Never kept, since their owners may change them at any
 * time (and a job closes).
 */
export const FRESHLY_DRAWN_PAGES: { page: RegExp; route: string; calls: (id: string) => string[] }[] = [
  {
    page: /^\/freelancer\/([0-9a-f-]{36})\/$/,
    route: '/freelancer/:uid/',
    calls: (uid) => [
      `${API_PREFIX}/account/public/freelancer/${uid}/`,
      `${API_PREFIX}/account/public/freelancer/${uid}/services/`,
    ],
  },
  {
    // The contract's pattern for a business's public id.
    page: /^\/business\/([a-z0-9]+(?:-[a-z0-9]+)*)\/$/,
    route: '/business/:companyId/',
    calls: (companyId) => [`${API_PREFIX}/account/public/business/${companyId}/`],
  },
  {
    // A job's public reference (the contract's pattern); the page asks for it with any slug.
    page: /^\/jobs\/(VR-[0-9A-Z]{8})\/$/,
    route: '/jobs/:refId/',
    calls: (refId) => [`${API_PREFIX}/service/public/request/${refId}/-`],
  },
];

/**
 * The pages of one service family of the catalogue, or of one of its sub-families: its request
 * form, its job board and its business directory. Like the listed pages they are drawn on their
 * first request and kept (a board is drawn afresh with its results, BOARD_PAGES, and kept with
 * them loading for when it cannot be). Only the catalogue's own families and sub-families are
 * drawn, so no more pages are kept than the catalogue has; any other address gets index.html,
 * whose app says it is not found.
 */
export const CATALOGUE_PAGES: { route: string; page: RegExp }[] = [
  { route: '/request/new/:sid/', page: /^\/request\/new\/([^/]+)\/$/ },
  { route: '/request/new/:sid/:ssid/', page: /^\/request\/new\/([^/]+)\/([^/]+)\/$/ },
  { route: '/find/:service/jobs/', page: /^\/find\/([^/]+)\/jobs\/$/ },
  { route: '/find/:service/businesses/', page: /^\/find\/([^/]+)\/businesses\/$/ },
];

/** What a directory's filters list: the services, and a country's states. */
const DIRECTORY_FILTERS = [`${API_PREFIX}/account/business/services/all/`, `${API_PREFIX}/account/country/`];

/**
 * The boards and directories, listed (PRERENDERED_PAGES) or of a family (CATALOGUE_PAGES), and the
 * home page with its newest requests: drawn afresh for each visitor with their first results, from
 * the calls under `calls` (any query: the page asks with its own), so the visitor sees what is
 * there now, and the app takes a page drawn with every call answered over as it was drawn. When
 * the server draws as many pages afresh as it does at once, or a call fails, the visitor gets the
 * page drawn once with its results loading, which the app fills in.
 */
export const BOARD_PAGES: { page: RegExp; calls: string[] }[] = [
  // The home page shows the newest requests.
  { page: /^\/$/, calls: [`${API_PREFIX}/service/public/requests/`] },
  { page: /^\/find\/(?:[^/]+\/)?jobs\/$/, calls: [`${API_PREFIX}/service/public/requests/`] },
  { page: /^\/find\/professionals\/$/, calls: [`${API_PREFIX}/account/public/freelancer/all/`, ...DIRECTORY_FILTERS] },
  {
    page: /^\/find\/(?:[^/]+\/)?businesses\/$/,
    calls: [`${API_PREFIX}/account/public/business/all/`, ...DIRECTORY_FILTERS],
  },
];

const FAMILIES_CALL = `${API_PREFIX}/service/families/all/`;

/** Each family's slug with its sub-families' slugs. */
type CatalogueSlugs = Map<string, Set<string>>;

/**
 * Pages drawn afresh at once, at most: drawing is the server's own work (the page's calls and its
 * markup), so a visitor past these gets index.html at once (the app draws the page) rather than
 * waiting behind the others.
 */
export const FRESH_DRAWS_AT_ONCE = 8;

/** What a page drawn afresh may take to draw before the visitor gets index.html instead. */
const FRESH_DRAW_MS = 1_000;

export interface DrawnPages {
  /** A listed page (PRERENDERED_PAGES), drawn on its first request and kept. */
  kept(pathname: string): Promise<PrerenderedPage | null>;
  /** A listed page as a visitor gets it: a board afresh with its results (BOARD_PAGES), any other kept. */
  listed(pathname: string): Promise<PrerenderedPage | null>;
  /** A page drawn afresh for each visitor (FRESHLY_DRAWN_PAGES), drawn now; null for any other address. */
  fresh(pathname: string): Promise<PrerenderedPage | null>;
  /**
   * A page of a family or sub-family of the catalogue (CATALOGUE_PAGES), drawn on its first
   * request and kept (a board afresh, as `listed`); null for any other address.
   */
  ofCatalogue(pathname: string): Promise<PrerenderedPage | null>;
}

/**
 * Draws the pages. A page the renderer cannot draw as a visitor's (a call it needs is not answered
 * in time, an error) is answered with null, and the browser gets index.html as before.
 */
export function prerenderedPages(
  app: FastifyInstance,
  {
    entry,
    template,
    assetsFor,
    boot,
  }: {
    entry: string;
    template: string;
    /** Every file the page loads (the app's and its route's), as build paths. */
    assetsFor: (pathname: string) => PageAssets;
    /** The boot file (src/web/boot.ts, built), when the build has one. */
    boot?: string;
  },
): DrawnPages {
  let renderer: Promise<Renderer> | undefined;
  const pages = new Map<string, Promise<PrerenderedPage | null>>();
  // Fresh drawings under way: past FRESH_DRAWS_AT_ONCE, a visitor gets index.html at once.
  let drawingFresh = 0;

  /**
   * Answers the page's calls: the listed ones and `calls`, without a query, and any call under
   * `under`, with its query; `failed` turns true when one could not be answered (a 5xx, a 429).
   */
  const answerer = (calls: string[] = [], under: string[] = []) => {
    const state = { failed: false };
    const answer = (url: string, method: string): Promise<Response> | undefined => {
      const { pathname, search } = new URL(url);
      const listed = !search && (ANSWERED_CALLS.has(pathname) || calls.includes(pathname));
      if (method !== 'GET' || !(listed || under.some((prefix) => pathname.startsWith(prefix)))) return undefined;
      const path = pathname + search;
      return app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } }).then((reply) => {
        if (reply.statusCode >= 500 || reply.statusCode === 429) state.failed = true;
        return new Response(new Uint8Array(reply.rawPayload), {
          status: reply.statusCode,
          headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
        });
      });
    };
    return { answer, state };
  };

  const render = async (
    pathname: string,
    { calls, under, timeoutMs, quality }: { calls?: string[]; under?: string[]; timeoutMs?: number; quality: number },
  ): Promise<PrerenderedPage | null> => {
    renderer ??= import(pathToFileURL(entry).href) as Promise<Renderer>;
    const { answer, state } = answerer(calls, under);
    const page = await (await renderer).renderPage(pathname, answer, { timeoutMs });
    // A page drawn with a failed answer would show its error state to every visitor: the app asks again instead.
    if (!page || state.failed) return null;
    const html = pageDocument(template, page, { ...assetsFor(pathname), boot });
    const [br, gzipped] = await Promise.all([
      promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
      promisify(gzip)(html, { level: quality > 6 ? 9 : 6 }),
    ]);
    return { html, br, gzip: gzipped };
  };

  /**
   * A render, beside any others under way (each has its own calls, see prerender.tsx); a failure is
   * logged and answered with null.
   */
  const drawn = (pathname: string, run: () => Promise<PrerenderedPage | null>) =>
    run().catch((error: unknown) => {
      app.log.warn({ err: error, pathname }, 'the page could not be rendered on the server; index.html is sent');
      return null;
    });

  const kept = (pathname: string): Promise<PrerenderedPage | null> => {
    let page = pages.get(pathname);
    if (!page) {
      // Kept, so drawn once with the best compression.
      const under = KEPT_PAGE_CALLS[pathname as (typeof PRERENDERED_PAGES)[number]];
      page = drawn(pathname, () => render(pathname, { under, quality: constants.BROTLI_MAX_QUALITY }));
      pages.set(pathname, page);
    }
    return page;
  };

  /** The catalogue's slugs, read once from the app's own answer; asked again after a failure. */
  let slugs: Promise<CatalogueSlugs | null> | undefined;
  const catalogueSlugs = (): Promise<CatalogueSlugs | null> => {
    slugs ??= app
      .inject({ method: 'GET', url: FAMILIES_CALL, headers: { accept: 'application/json' } })
      .then((reply) => {
        if (reply.statusCode !== 200) return null;
        const families = (reply.json() as { data: { slug: string; subFamilies: { slug: string }[] }[] }).data;
        return new Map(families.map((family) => [family.slug, new Set(family.subFamilies.map((sub) => sub.slug))]));
      })
      .catch(() => null)
      .then((read) => {
        if (!read) slugs = undefined;
        return read;
      });
    return slugs;
  };

  /** Draws a page for one visitor, or null at once past FRESH_DRAWS_AT_ONCE drawings. */
  const drawnFresh = (pathname: string, answered: { calls?: string[]; under?: string[] }) => {
    if (drawingFresh >= FRESH_DRAWS_AT_ONCE) return Promise.resolve(null);
    drawingFresh += 1;
    // Drawn for one visitor: a quicker compression.
    return drawn(pathname, () => render(pathname, { ...answered, timeoutMs: FRESH_DRAW_MS, quality: 5 })).finally(
      () => {
        drawingFresh -= 1;
      },
    );
  };

  /** A board with its first results for this visitor, else (busy, a call failed) the kept page. */
  const boardOrKept = async (pathname: string): Promise<PrerenderedPage | null> => {
    const board = BOARD_PAGES.find(({ page }) => page.test(pathname));
    return (board && (await drawnFresh(pathname, { under: board.calls }))) || kept(pathname);
  };

  return {
    kept,
    listed: boardOrKept,
    fresh: (pathname) => {
      for (const { page, calls: callsOf } of FRESHLY_DRAWN_PAGES) {
        const id = page.exec(pathname)?.[1];
        if (id !== undefined) return drawnFresh(pathname, { calls: callsOf(id) });
      }
      return Promise.resolve(null);
    },
    ofCatalogue: async (pathname) => {
      for (const { page } of CATALOGUE_PAGES) {
        const match = page.exec(pathname);
        if (!match) continue;
        const [, family = '', subFamily] = match;
        const subFamilies = (await catalogueSlugs())?.get(family);
        if (!subFamilies || (subFamily !== undefined && !subFamilies.has(subFamily))) return null;
        return boardOrKept(pathname);
      }
      return null;
    },
  };
}

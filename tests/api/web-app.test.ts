import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope, type TestApp } from './helpers';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const APP_JS = `export const greeting = ${JSON.stringify('marketplace '.repeat(200))};`;

describe('the built web app beside the API', () => {
  let webRoot: string;
  let testApp: TestApp;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'marketplace-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), INDEX);
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("marketplace")');
    writeFileSync(join(webRoot, 'robots.txt'), 'User-agent: *');
    // The build's manifest (what the Link header reads): the job board's and the home page's chunks.
    mkdirSync(join(webRoot, '.vite'));
    writeFileSync(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js' },
        'routes/find/jobs.tsx?tsr-split=component': { file: 'assets/jobs-ghi789.js', css: ['assets/jobs-ghi789.css'] },
        'routes/index.tsx?tsr-split=component': { file: 'assets/routes-jkl012.js' },
      }),
    );
    // What the build writes beside each text asset (scripts/vite-precompress.ts).
    for (const [file, content] of [
      ['index.html', INDEX],
      [join('assets', 'app-def456.js'), APP_JS],
    ]) {
      writeFileSync(join(webRoot, file), content);
      writeFileSync(join(webRoot, `${file}.br`), brotliCompressSync(content));
      writeFileSync(join(webRoot, `${file}.gz`), gzipSync(content));
    }
    testApp = await buildTestApp('pglite', { webRoot });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves hashed assets for good and index.html for any page address', async () => {
    const asset = await testApp.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/auth/login/', '/jobs/VR-7K3D9Q2M/', '/no/such/page']) {
      const page = await testApp.app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    }
    expect((await testApp.app.inject({ url: '/robots.txt' })).body).toBe('User-agent: *');
  });

  it('sends the compressed copies the build wrote, as the browser accepts them, and the plain file otherwise', async () => {
    for (const url of ['/assets/app-def456.js', '/', '/find/jobs/']) {
      const expected = url.endsWith('.js') ? APP_JS : INDEX;
      const headers = url.endsWith('.js') ? {} : html;
      const brotli = await testApp.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString(), url).toBe(expected);
      const gzip = await testApp.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(expected);
      const plain = await testApp.app.inject({ url, headers: { ...headers, 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(expected);
    }
  });

  it("names a page's own code in its Link header, so it downloads beside the entry file", async () => {
    const board = await testApp.app.inject({ url: '/find/jobs/?q=sql', headers: html });
    expect(board.statusCode).toBe(200);
    expect(board.headers.link).toBe(
      '</assets/index-abc123.js>; rel=modulepreload; crossorigin, ' +
        '</assets/jobs-ghi789.js>; rel=modulepreload; crossorigin, </assets/jobs-ghi789.css>; rel=preload; as=style; crossorigin, ' +
        // The session check every page starts with.
        '</api/auth/me/>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    // The home page is index.html itself, sent by the static files' plugin.
    expect((await testApp.app.inject({ url: '/', headers: html })).headers.link).toBe(
      '</assets/index-abc123.js>; rel=modulepreload; crossorigin, </assets/routes-jkl012.js>; rel=modulepreload; crossorigin, ' +
        '</api/auth/me/>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect((await testApp.app.inject({ url: '/no/such/page/', headers: html })).headers.link).toBeUndefined();
    expect((await testApp.app.inject({ url: '/assets/index-abc123.js' })).headers.link).toBeUndefined();
    expect((await testApp.app.inject({ url: '/api/csrf/', headers: html })).headers.link).toBeUndefined();
  });

  it('never answers /api addresses or non-page requests with the page', async () => {
    const api = await testApp.app.inject({ url: '/api/no/such/route/', headers: html });
    expect(api.statusCode).toBe(404);
    expectErrorEnvelope(api.json());
    const missingAsset = await testApp.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const post = await testApp.app.inject({ method: 'POST', url: '/auth/login/', headers: html });
    expect(post.statusCode).toBe(404);
  });
});

describe('before `npm run build`', () => {
  it('answers page addresses with a page saying to build, and the API still works', async () => {
    const testApp = await buildTestApp('pglite', { webRoot: join(tmpdir(), 'marketplace-no-such-build') });
    try {
      const page = await testApp.app.inject({ url: '/', headers: html });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('npm run build');
      expect((await testApp.app.inject({ url: '/api/csrf/' })).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe("public pages' first screens drawn on the server", () => {
  const TEMPLATE =
    '<!doctype html><html><head><title>Versimarket</title>' +
    '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/runtime-abc123.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>';
  // Stands in for the web app's server build (dist/ssr/prerender.js): draws what it was answered,
  // and keeps count of its renders.
  const RENDERER = `
    globalThis.renders = [];
    export async function renderPage(url, answer) {
      globalThis.renders.push(url);
      if (url === '/about-us/') return null;
      if (url === '/pricing/') throw new Error('the page broke');
      const [, kind, id, rest] = url.split('/');
      if ((kind === 'freelancer' || kind === 'business') && id && rest === '') {
        const profile = await answer('http://localhost/api/account/public' + url, 'GET');
        const someoneElse = kind === 'business' ? 'someone-else' : '00000000-0000-4000-8000-000000000000';
        const other = answer('http://localhost/api/account/public/' + kind + '/' + someoneElse + '/', 'GET');
        return {
          title: undefined,
          body: '<main>profile ' + profile.status + '; another profile ' + (other === undefined ? 'unanswered' : 'answered') + '</main>',
          state: {},
        };
      }
      const families = await answer('http://localhost/api/service/families/all/', 'GET');
      const board = answer('http://localhost/api/service/public/requests/all', 'GET');
      const write = answer('http://localhost/api/service/families/all/', 'POST');
      const body = await families.json();
      return {
        title: url === '/' ? 'Home | Versimarket' : undefined,
        body: '<main>' + body.data.length + ' families; board ' + (board === undefined ? 'unanswered' : 'answered') +
          '; write ' + (write === undefined ? 'unanswered' : 'answered') + '</main>',
        state: { queries: [{ note: '</script><script>alert(1)</script>' }] },
      };
    }`;
  let webRoot: string;
  let testApp: TestApp;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'marketplace-web-'));
    mkdirSync(join(webRoot, 'assets'));
    mkdirSync(join(webRoot, '.vite'));
    writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
    writeFileSync(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', imports: ['_runtime.js'], css: ['assets/index-abc123.css'] },
        '_runtime.js': { file: 'assets/runtime-abc123.js' },
        'boot.ts': { file: 'assets/boot-mno345.js' },
        'routes/index.tsx?tsr-split=component': { file: 'assets/routes-jkl012.js', css: ['assets/routes-jkl012.css'] },
      }),
    );
    writeFileSync(join(webRoot, 'prerender.mjs'), RENDERER);
    testApp = await buildTestApp('pglite', { webRoot, prerenderEntry: join(webRoot, 'prerender.mjs') });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
  const renders = () => (globalThis as unknown as { renders: string[] }).renders;

  it('sends a visitor the page with its markup, title, own stylesheet and data, compressed', async () => {
    const [first, second] = await Promise.all(
      [0, 1].map(() => testApp.app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'identity' } })),
    );
    for (const page of [first!, second!]) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toContain('cookie');
      expect(page.body).toContain('<title>Home | Versimarket</title>');
      // The catalogue and the home page's newest requests are answered, and only to a GET.
      expect(page.body).toContain('<div id="root"><main>6 families; board answered; write unanswered</main></div>');
      // Its one script is the boot file, which loads the app's modules after the first paint; the
      // stylesheets are linked, and asked for in the Link header, scripts and session check not.
      expect(page.body).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">' +
          '<script type="module" crossorigin src="/assets/boot-mno345.js"></script>' +
          '<link rel="stylesheet" crossorigin href="/assets/routes-jkl012.css"></head>',
      );
      expect(page.body).not.toContain('index-abc123.js"></script>');
      expect(page.body).not.toContain('modulepreload');
      expect(page.body).toContain(
        '<script type="application/json" id="app-modules">' +
          '["/assets/index-abc123.js","/assets/runtime-abc123.js","/assets/routes-jkl012.js"]</script>',
      );
      expect(page.headers.link).toBe(
        '</assets/index-abc123.css>; rel=preload; as=style; crossorigin, </assets/routes-jkl012.css>; rel=preload; as=style; crossorigin',
      );
      // The data cannot end the script element it travels in.
      expect(page.body).toContain(
        '<script type="application/json" id="prerendered-state">{"queries":[{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}]}</script>',
      );
    }
    // Drawn afresh for each visitor, with its newest requests as they are now.
    expect(renders().filter((url) => url === '/')).toEqual(['/', '/']);

    const brotli = await testApp.app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first!.body);
    const gzip = await testApp.app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first!.body);
  });

  it('sends index.html to a browser with a session cookie, to an address with a query, and for a page not drawn', async () => {
    const signedIn = await testApp.app.inject({ url: '/find/jobs/', headers: { ...html, cookie: 'sid=someone' } });
    expect(signedIn.body).toBe(TEMPLATE);
    expect(signedIn.headers.vary).toContain('cookie');
    expect((await testApp.app.inject({ url: '/find/jobs/?q=sql', headers: html })).body).toBe(TEMPLATE);
    // A campaign's parameters beside one a page reads: the page may differ from its path's.
    const mixed = await testApp.app.inject({ url: '/find/jobs/?utm_source=newsletter&page=2', headers: html });
    expect(mixed.body).toBe(TEMPLATE);
    expect(renders()).not.toContain('/find/jobs/');
    // The renderer could not draw it, or failed: the page still works, as the app draws it.
    expect((await testApp.app.inject({ url: '/about-us/', headers: html })).body).toBe(TEMPLATE);
    expect((await testApp.app.inject({ url: '/pricing/', headers: html })).body).toBe(TEMPLATE);
    // A page that is not listed is never drawn.
    expect((await testApp.app.inject({ url: '/payments/checkout/canceled/', headers: html })).body).toBe(TEMPLATE);
    expect(renders()).not.toContain('/payments/checkout/canceled/');
    // Drawn for a visitor now.
    expect((await testApp.app.inject({ url: '/find/jobs/', headers: html })).body).toContain('6 families');
  });

  it('sends a link from a campaign (utm_source, a click id) the drawn page its path names', async () => {
    const drawn = await testApp.app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'identity' } });
    for (const url of [
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn',
      '/?gclid=abc123',
      '/?fbclid=x&UTM_Term=bi',
    ]) {
      const page = await testApp.app.inject({ url, headers: { ...html, 'accept-encoding': 'identity' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(drawn.body);
      expect(page.body, url).toContain('6 families');
    }
    // Drawn for the home page's path: the query is not the page's.
    expect(renders().filter((url) => url.includes('?'))).toEqual([]);
    // A page drawn afresh takes its path, not the query.
    const before = renders().length;
    await testApp.app.inject({
      url: '/freelancer/4d1072f7-7c63-48ab-8f28-575f97f88d20/?utm_source=share',
      headers: html,
    });
    expect(renders().slice(before)).toEqual(['/freelancer/4d1072f7-7c63-48ab-8f28-575f97f88d20/']);
  });

  // Each public profile, and addresses beside it that are not one (not an id, a page below it).
  it.each([
    {
      who: "a freelancer's",
      url: '/freelancer/4d1072f7-7c63-48ab-8f28-575f97f88d20/',
      notProfiles: ['/freelancer/not-an-id/'],
    },
    {
      who: "a business's",
      url: '/business/northwind-analytics/',
      notProfiles: ['/business/Not_An_Id/', '/business/review/abc/leave/'],
    },
  ])("draws $who public profile afresh for each visitor, with that profile's calls answered", async (profile) => {
    const { url } = profile;
    const before = renders().length;
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await testApp.app.inject({ url, headers: { ...html, 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      // Answered as a visitor's browser would be: no such profile here; no other profile.
      expect(page.body).toContain('<main>profile 404; another profile unanswered</main>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect(renders().slice(before)).toEqual([url, url]);
    // Signed in, or not a profile's address: the app draws it.
    expect((await testApp.app.inject({ url, headers: { ...html, cookie: 'sid=someone' } })).body).toBe(TEMPLATE);
    for (const other of profile.notProfiles) {
      expect((await testApp.app.inject({ url: other, headers: html })).body, other).toBe(TEMPLATE);
    }
    expect(renders().slice(before)).toEqual([url, url]);
  });
});

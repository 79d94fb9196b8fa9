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

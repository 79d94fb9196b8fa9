import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

describe('compressed API answers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const families = (acceptEncoding?: string) =>
    testApp.app.inject({
      url: '/api/service/families/all/',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a JSON answer brotli- or gzip-compressed, as the client accepts, and the same JSON', async () => {
    const plain = await families();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await families('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await families('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const csrf = await testApp.app.inject({ url: '/api/csrf/', headers: { 'accept-encoding': 'br' } });
    expect(csrf.statusCode).toBe(200);
    expect(csrf.headers['content-encoding']).toBeUndefined();
  });
});

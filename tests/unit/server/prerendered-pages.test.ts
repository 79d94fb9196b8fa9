// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { prerenderedPages } from '../../../src/server/lib/prerendered-pages';

// The server's side of the drawn pages, with a stand-in for the web app's server build and for
// the app answering the page's calls.
const dir = mkdtempSync(join(tmpdir(), 'drawn-pages-'));
const entry = join(dir, 'renderer.mjs');
writeFileSync(
  entry,
  `export async function renderPage(url, answer) {
     const families = await answer('http://localhost/api/service/families/all/', 'GET');
     return { title: undefined, body: '<main>families ' + families.status + '</main>', state: {} };
   }`,
);
const TEMPLATE = '<html><head></head><body><div id="root"></div></body></html>';

/** An app whose every call answers `status`. */
function appAnswering(status: number) {
  const warnings: unknown[] = [];
  const app = {
    inject: async () => ({ statusCode: status, rawPayload: Buffer.from('{}'), headers: {} }),
    log: { warn: (...args: unknown[]) => warnings.push(args) },
  } as unknown as FastifyInstance;
  return prerenderedPages(app, { entry, template: TEMPLATE, assetsFor: () => ({ scripts: [], styles: [] }) });
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a page drawn with the answers of its calls', () => {
  it('is drawn with an answer, a not-found included', async () => {
    expect((await appAnswering(200).kept('/'))?.html).toContain('<main>families 200</main>');
    expect((await appAnswering(404).kept('/'))?.html).toContain('<main>families 404</main>');
  });

  it('is not drawn when a call failed or was refused for now: the app asks again in the browser', async () => {
    expect(await appAnswering(500).kept('/')).toBeNull();
    expect(await appAnswering(503).kept('/services/')).toBeNull();
    expect(await appAnswering(429).kept('/')).toBeNull();
  });
});

// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { BOARD_PAGES, FRESH_DRAWS_AT_ONCE, prerenderedPages } from '../../../src/server/lib/prerendered-pages';

// The server's side of the drawn pages, with a stand-in for the web app's server build and for
// the app answering the page's calls.
const dir = mkdtempSync(join(tmpdir(), 'drawn-pages-'));
const entry = join(dir, 'renderer.mjs');
writeFileSync(
  entry,
  `export async function renderPage(url, answer) {
     const families = await answer('http://localhost/api/service/families/all/', 'GET');
     // A board's call, with the query its page asks with; unanswered on a page that is no board.
     const board = answer('http://localhost/api/service/public/requests/-?page=1&sort=newest', 'GET');
     const results = board ? (await board).status : 'loading';
     return { title: undefined, body: '<main>families ' + families.status + ', results ' + results + '</main>', state: {}, complete: results !== 'loading' };
   }`,
);
const TEMPLATE = '<html><head></head><body><div id="root"></div></body></html>';

/** The drawn pages of a stand-in app whose calls `inject` answers. */
function drawnPagesOf(inject: (call: { url: string }) => Promise<unknown>) {
  const app = { inject, log: { warn: () => undefined } } as unknown as FastifyInstance;
  return prerenderedPages(app, { entry, template: TEMPLATE, assetsFor: () => ({ scripts: [], styles: [] }) });
}

/** An app whose every call answers `status`. */
const appAnswering = (status: number) =>
  drawnPagesOf(async () => ({ statusCode: status, rawPayload: Buffer.from('{}'), headers: {} }));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a page drawn with the answers of its calls', () => {
  it('is drawn with an answer, a not-found included', async () => {
    expect((await appAnswering(200).kept('/'))?.html).toContain('<main>families 200, results loading</main>');
    expect((await appAnswering(404).kept('/'))?.html).toContain('<main>families 404, results loading</main>');
  });

  it('is not drawn when a call failed or was refused for now: the app asks again in the browser', async () => {
    expect(await appAnswering(500).kept('/')).toBeNull();
    expect(await appAnswering(503).kept('/services/')).toBeNull();
    expect(await appAnswering(429).kept('/')).toBeNull();
  });
});

describe('the pages of a family of the catalogue', () => {
  const FAMILIES = {
    status: 'success',
    message: 'OK',
    data: [
      { slug: 'data-and-analytics', subFamilies: [{ slug: 'business' }, { slug: 'personal' }] },
      { slug: 'mobile-app', subFamilies: [] },
    ],
  };

  /** An app answering the families call with `familiesStatuses` in turn (then 200), every other call 200; counts the catalogue's reads. */
  function catalogueApp(...familiesStatuses: number[]) {
    const asked = { calls: 0, families: 0 };
    const pages = drawnPagesOf(async ({ url }) => {
      if (!url.endsWith('/service/families/all/'))
        return { statusCode: 200, rawPayload: Buffer.from('{}'), headers: {} };
      // The pages' drawings ask too; only the server's own read of the catalogue parses the answer.
      const status = familiesStatuses[asked.calls++] ?? 200;
      const payload = Buffer.from(JSON.stringify(status === 200 ? FAMILIES : { status: 'error' }));
      const json = () => {
        asked.families += 1;
        return JSON.parse(payload.toString()) as unknown;
      };
      return { statusCode: status, rawPayload: payload, headers: {}, json };
    });
    return { pages, asked };
  }

  it('draws the request forms, the job board and the business directory of the catalogue’s families', async () => {
    const { pages } = catalogueApp();
    for (const path of [
      '/request/new/data-and-analytics/',
      '/request/new/data-and-analytics/business/',
      '/request/new/mobile-app/',
      '/find/data-and-analytics/jobs/',
      '/find/mobile-app/businesses/',
    ]) {
      // A family's board with its first results (the stand-in asks the job board's call only).
      const results = path.endsWith('/jobs/') ? 200 : 'loading';
      expect((await pages.ofCatalogue(path))?.html, path).toContain(`<main>families 200, results ${results}</main>`);
    }
  });

  it('keeps each page but the boards: the same drawing answers every visitor, and the catalogue is read once', async () => {
    const { pages, asked } = catalogueApp();
    const first = pages.ofCatalogue('/request/new/data-and-analytics/');
    expect(await pages.ofCatalogue('/request/new/data-and-analytics/')).toBe(await first);
    const board = await pages.ofCatalogue('/find/data-and-analytics/jobs/');
    expect(await pages.ofCatalogue('/find/data-and-analytics/jobs/')).not.toBe(board);
    await pages.ofCatalogue('/request/new/mobile-app/');
    expect(asked.families).toBe(1);
  });

  it('draws nothing for a family or sub-family the catalogue does not have, or another address', async () => {
    const { pages } = catalogueApp();
    for (const path of [
      '/request/new/not-a-family/',
      '/request/new/data-and-analytics/not-a-sub-family/',
      '/request/new/mobile-app/business/',
      '/find/not-a-family/jobs/',
      '/find/data-and-analytics%2Fbusiness/businesses/',
      '/find/data-and-analytics/professionals/',
      '/request/new/',
    ]) {
      expect(await pages.ofCatalogue(path), path).toBeNull();
    }
  });

  it('reads the catalogue again after a failed read instead of keeping the failure', async () => {
    const { pages } = catalogueApp(503);
    expect(await pages.ofCatalogue('/request/new/mobile-app/')).toBeNull();
    expect((await pages.ofCatalogue('/request/new/mobile-app/'))?.html).toContain(
      '<main>families 200, results loading</main>',
    );
  });
});

describe('pages drawn afresh for each visitor', () => {
  const PROFILE = (n: number) => `/freelancer/00000000-0000-4000-8000-${String(n).padStart(12, '0')}/`;

  /** An app whose answers the test lets through one by one (`release`), or at once when none is held. */
  function heldApp() {
    const held: (() => void)[] = [];
    let holding = true;
    const pages = drawnPagesOf(async () => {
      if (holding) await new Promise<void>((release) => held.push(release));
      return { statusCode: 200, rawPayload: Buffer.from('{}'), headers: {} };
    });
    const waitForHeld = async (count: number) => {
      while (held.length < count) await new Promise((done) => setTimeout(done, 5));
    };
    return {
      pages,
      held,
      waitForHeld,
      releaseAll: () => {
        holding = false;
        for (const release of held.splice(0)) release();
      },
    };
  }

  it('draws for one visitor while another visitor’s page waits for its answers', async () => {
    const { pages, held, waitForHeld, releaseAll } = heldApp();
    const first = pages.fresh(PROFILE(1));
    await waitForHeld(1);
    // The second visitor's answer comes at once; the first one's is still held.
    const second = pages.fresh(PROFILE(2));
    await waitForHeld(2);
    held[1]!();
    expect((await second)?.html).toContain('<main>families 200, results loading</main>');
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await new Promise((done) => setTimeout(done, 20));
    expect(firstDone).toBe(false);
    releaseAll();
    expect((await first)?.html).toContain('<main>families 200, results loading</main>');
  });

  it('sends index.html at once past the drawings it does at once, and draws again when they end', async () => {
    const { pages, waitForHeld, releaseAll } = heldApp();
    const busy = Array.from({ length: FRESH_DRAWS_AT_ONCE }, (_, n) => pages.fresh(PROFILE(n + 1)));
    await waitForHeld(FRESH_DRAWS_AT_ONCE);
    expect(await pages.fresh(PROFILE(99))).toBeNull();
    releaseAll();
    for (const page of await Promise.all(busy))
      expect(page?.html).toContain('<main>families 200, results loading</main>');
    expect((await pages.fresh(PROFILE(99)))?.html).toContain('<main>families 200, results loading</main>');
  });
});

describe('the boards and directories', () => {
  it('are drawn afresh for each visitor with their first results, their call answered with its query', async () => {
    const asked: string[] = [];
    const pages = drawnPagesOf(async ({ url }) => {
      asked.push(url);
      return { statusCode: 200, rawPayload: Buffer.from('{}'), headers: {} };
    });
    for (const path of ['/find/jobs/', '/find/professionals/', '/find/businesses/']) {
      expect(
        BOARD_PAGES.some(({ page }) => page.test(path)),
        path,
      ).toBe(true);
    }
    expect((await pages.listed('/find/jobs/'))?.html).toContain('<main>families 200, results 200</main>');
    expect(asked).toContain('/api/service/public/requests/-?page=1&sort=newest');
    await pages.listed('/find/jobs/');
    expect(asked.filter((url) => url.startsWith('/api/service/public/requests/'))).toHaveLength(2);
    // Drawn with every call answered: the app takes it over as it is.
    expect((await pages.listed('/find/jobs/'))?.html).toContain('<div id="root" data-complete="">');
    // Another directory's page does not answer the board's call, nor does a page that is no board.
    expect((await pages.listed('/find/professionals/'))?.html).toContain('results loading');
    const kept = (await pages.listed('/services/'))?.html;
    expect(kept).toContain('<div id="root"><main>families 200, results loading</main>');
    expect(asked.filter((url) => url.startsWith('/api/service/public/requests/'))).toHaveLength(3);
  });

  it('are the page kept with their results loading when a call fails, or past the drawings done at once', async () => {
    const failing = drawnPagesOf(async ({ url }) => ({
      statusCode: url.includes('/public/requests/') ? 503 : 200,
      rawPayload: Buffer.from('{}'),
      headers: {},
    }));
    expect((await failing.listed('/find/jobs/'))?.html).toContain('<main>families 200, results loading</main>');

    const held: (() => void)[] = [];
    let holding = true;
    const busy = drawnPagesOf(async () => {
      if (holding) await new Promise<void>((release) => held.push(release));
      return { statusCode: 200, rawPayload: Buffer.from('{}'), headers: {} };
    });
    const drawing = Array.from({ length: FRESH_DRAWS_AT_ONCE }, () => busy.listed('/find/jobs/'));
    while (held.length < FRESH_DRAWS_AT_ONCE) await new Promise((done) => setTimeout(done, 5));
    const past = busy.listed('/find/jobs/');
    holding = false;
    for (const release of held.splice(0)) release();
    expect((await past)?.html).toContain('<main>families 200, results loading</main>');
    for (const page of await Promise.all(drawing)) expect(page?.html).toContain('results 200');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { familiesFromFiles } from '../../mocks/scenarios/families';
import { setApiTransport } from './api/mutator';
import { renderPage, type Answerer } from './prerender';

// The drawing sets the app's call transport when it is loaded: the other files of this worker
// call through the browser's fetch again.
afterAll(() => setApiTransport((input, init) => fetch(input, init)));

/** Answers the families call only, after `delayMs`, with the catalogue's first family renamed `name`. */
function familiesNamed(name: string, delayMs: number): Answerer {
  const [first, ...rest] = familiesFromFiles();
  const body = JSON.stringify({ status: 'success', message: 'OK', data: [{ ...first!, name }, ...rest] });
  return (url, method) => {
    if (method !== 'GET' || !new URL(url).pathname.endsWith('/service/families/all/')) return undefined;
    return new Promise((done) =>
      setTimeout(() => done(new Response(body, { headers: { 'content-type': 'application/json' } })), delayMs),
    );
  };
}

describe('drawing pages on the server', () => {
  it('draws pages at once, each with the answers of its own calls', async () => {
    // The first drawing's answer comes last: with one transport for all, it would get the second's.
    const [slow, quick] = await Promise.all([
      renderPage('/', familiesNamed('Alpha Consulting', 80)),
      renderPage('/', familiesNamed('Beta Consulting', 5)),
    ]);
    expect(slow?.body).toContain('Alpha Consulting');
    expect(slow?.body).not.toContain('Beta Consulting');
    expect(quick?.body).toContain('Beta Consulting');
    expect(quick?.body).not.toContain('Alpha Consulting');
  });
});

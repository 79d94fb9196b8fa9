import { describe, expect, it } from 'vitest';
import { routeAssets, type BuildManifest } from '../../../src/server/lib/route-preloads';

/** The shape Vite writes: the page (index.html) and its shell, and three routes' chunks. */
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_shell-b.js'], css: ['assets/index-a.css'] },
  '_shell-b.js': { file: 'assets/shell-b.js' },
  '_kit-c.js': { file: 'assets/kit-c.js', imports: ['_shell-b.js'], css: ['assets/kit-c.css'] },
  'routes/index.tsx?tsr-split=component': { file: 'assets/routes-d.js', imports: ['_shell-b.js', 'index.html'] },
  'routes/find/jobs.tsx?tsr-split=component': { file: 'assets/jobs-e.js', imports: ['_kit-c.js', 'index.html'] },
  'routes/find/$service/jobs.tsx?tsr-split=component': { file: 'assets/jobs-f.js', imports: ['index.html'] },
  'routes/backup/$.tsx?tsr-split=component---loader': { file: 'assets/backup-g.js' },
  'routes/find/jobs.tsx?tsr-split=errorComponent': { file: 'assets/jobs-error-h.js' },
};

/** What index.html loads, named first in every page's header. */
const PAGE =
  '</assets/index-a.js>; rel=modulepreload; crossorigin, </assets/shell-b.js>; rel=modulepreload; crossorigin, ' +
  '</assets/index-a.css>; rel=preload; as=style; crossorigin';

describe('the Link header of a page', () => {
  const assetsOf = routeAssets(manifest);
  const preloadsFor = (pathname: string) => assetsOf(pathname).link;

  it("names what index.html loads, then the route's chunk and what it imports (once each)", () => {
    expect(preloadsFor('/')).toBe(`${PAGE}, </assets/routes-d.js>; rel=modulepreload; crossorigin`);
    expect(preloadsFor('/find/jobs/')).toBe(
      `${PAGE}, </assets/jobs-e.js>; rel=modulepreload; crossorigin, </assets/kit-c.js>; rel=modulepreload; crossorigin, ` +
        '</assets/kit-c.css>; rel=preload; as=style; crossorigin',
    );
  });

  it('prefers a static segment to a parameter, and takes a splat for any depth', () => {
    expect(preloadsFor('/find/data-and-analytics/jobs/')).toBe(
      `${PAGE}, </assets/jobs-f.js>; rel=modulepreload; crossorigin`,
    );
    expect(preloadsFor('/backup/any/old/page/')).toBe(`${PAGE}, </assets/backup-g.js>; rel=modulepreload; crossorigin`);
  });

  it('names nothing for a path no route has', () => {
    expect(preloadsFor('/no/such/page/')).toBeUndefined();
    expect(preloadsFor('/find/')).toBeUndefined();
  });
});

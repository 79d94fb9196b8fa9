/**
 * The code of the page a browser asks for, named in the page's `Link` header, so the browser
 * fetches it beside the app's entry file instead of after running it (the entry file is what
 * finds the page's route and asks for its chunk). Read from the build's manifest
 * (`dist/web/.vite/manifest.json`): what index.html loads first, then each route file's component
 * chunk, the chunks it imports and their stylesheets.
 */

/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

interface RoutePattern {
  pattern: RegExp;
  /** Orders the patterns that match a path: static segments before parameters, before a splat. */
  rank: string;
  link: string;
  /** The route's own scripts and stylesheets (index.html loads the app's), as build paths. */
  scripts: string[];
  styles: string[];
}

/** `routes/find/$service/jobs.tsx?tsr-split=component---loader` → `find/$service/jobs`. */
const ROUTE_COMPONENT = /^routes\/(.+)\.tsx\?tsr-split=component(?:---\w+)*$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function routePattern(routeFile: string): { pattern: RegExp; rank: string } | undefined {
  const segments = routeFile.split('/');
  const last = segments[segments.length - 1];
  if (last === '__root' || last === 'route') return undefined;
  if (last === 'index') segments.pop();
  let source = '';
  let rank = '';
  for (const segment of segments) {
    if (segment === '$') {
      source += '(?:/.*)?';
      rank += '2';
    } else if (segment.startsWith('$')) {
      source += '/[^/]+';
      rank += '1';
    } else {
      source += `/${escapeRegExp(segment)}`;
      rank += '0';
    }
  }
  return { pattern: new RegExp(`^${source}/?$`), rank };
}

/** A chunk's file and every chunk it imports, depth first, once each. */
function chunkFiles(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

/** What index.html loads itself: its entry and the chunks that one imports, and the app's stylesheets. */
export function pageAssets(manifest: BuildManifest): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of chunkFiles(manifest, 'index.html')) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
  }
  return { scripts, styles };
}

const scriptPreload = (file: string) => `</${file}>; rel=modulepreload; crossorigin`;
/** A stylesheet asked for before the page that links it is read. */
export const stylePreload = (file: string) => `</${file}>; rel=preload; as=style; crossorigin`;

/** A page's route: its `Link` header, and its own scripts and stylesheets beyond the app's, as build paths. */
export interface RouteAssets {
  link: string | undefined;
  scripts: string[];
  styles: string[];
}

/**
 * Returns, for a page's path, its route's files and the value of its `Link` header (module
 * preloads and style preloads; undefined when the path matches no route or the manifest names
 * none).
 */
export function routeAssets(manifest: BuildManifest): (pathname: string) => RouteAssets {
  // index.html loads these itself; the header names them first, so the route's own files (asked
  // for in the same header) do not take the connections the entry file needs most.
  const page = pageAssets(manifest);
  const fromPage = new Set([...page.scripts, ...page.styles]);
  const pageLinks = [...page.scripts.map(scriptPreload), ...page.styles.map(stylePreload)];

  const routes: RoutePattern[] = [];
  for (const key of Object.keys(manifest)) {
    const routeFile = ROUTE_COMPONENT.exec(key)?.[1];
    const route = routeFile === undefined ? undefined : routePattern(routeFile);
    if (!route) continue;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const chunkKey of chunkFiles(manifest, key)) {
      const chunk = manifest[chunkKey];
      if (!chunk) continue;
      if (!fromPage.has(chunk.file) && chunk.file.endsWith('.js')) scripts.add(chunk.file);
      for (const css of chunk.css ?? []) if (!fromPage.has(css)) styles.add(css);
    }
    if (!scripts.size && !styles.size) continue;
    routes.push({
      ...route,
      link: [...new Set([...pageLinks, ...[...scripts].map(scriptPreload), ...[...styles].map(stylePreload)])].join(
        ', ',
      ),
      scripts: [...scripts],
      styles: [...styles],
    });
  }
  routes.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return (pathname) => {
    const route = routes.find((candidate) => candidate.pattern.test(pathname));
    return { link: route?.link, scripts: route?.scripts ?? [], styles: route?.styles ?? [] };
  };
}

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

/** Each route's files, most specific pattern first, and the finder of a path's route. */
function routeFiles(manifest: BuildManifest): (pathname: string) => RoutePattern | undefined {
  // index.html loads these itself; the header names them first, so the route's own files (asked
  // for in the same header) do not take the connections the entry file needs most.
  const fromPage = new Set<string>();
  const pageScripts: string[] = [];
  const pageStyles: string[] = [];
  for (const key of chunkFiles(manifest, 'index.html')) {
    const chunk = manifest[key];
    if (!chunk) continue;
    fromPage.add(chunk.file);
    if (chunk.file.endsWith('.js')) pageScripts.push(`</${chunk.file}>; rel=modulepreload; crossorigin`);
    for (const css of chunk.css ?? []) {
      fromPage.add(css);
      pageStyles.push(`</${css}>; rel=preload; as=style; crossorigin`);
    }
  }

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
    const links = [...scripts].map((file) => `</${file}>; rel=modulepreload; crossorigin`);
    const styleLinks = [...styles].map((css) => `</${css}>; rel=preload; as=style; crossorigin`);
    routes.push({
      ...route,
      link: [...new Set([...pageScripts, ...pageStyles, ...links, ...styleLinks])].join(', '),
      scripts: [...scripts],
      styles: [...styles],
    });
  }
  routes.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return (pathname) => routes.find((route) => route.pattern.test(pathname));
}

/**
 * Returns, for a page's path, the value of its `Link` header (module preloads and style
 * preloads), or undefined when the path matches no route (or the manifest names none).
 */
export function routePreloads(manifest: BuildManifest): (pathname: string) => string | undefined {
  const routeOf = routeFiles(manifest);
  return (pathname) => routeOf(pathname)?.link;
}

/** The scripts and stylesheets of a page's route beyond the app's own (which index.html loads), as build paths. */
export function routeAssets(manifest: BuildManifest): (pathname: string) => { scripts: string[]; styles: string[] } {
  const routeOf = routeFiles(manifest);
  return (pathname) => {
    const route = routeOf(pathname);
    return { scripts: route?.scripts ?? [], styles: route?.styles ?? [] };
  };
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

/**
 * The `next` parameter carries where to return after signing in. It comes from the URL, so
 * anyone can craft it: only a path on this site is followed, never an absolute URL, a
 * protocol-relative `//host` or a backslash trick that browsers read as one.
 */
const PLACEHOLDER_ORIGIN = 'https://same-site.invalid';

function hasControlOrBackslash(value: string): boolean {
  return Array.from(value).some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f || char === '\\';
  });
}

export function safeNext(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const next = value.trim();
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters and backslashes are read differently by browsers and URL parsers.
  if (hasControlOrBackslash(next)) return null;
  let url: URL;
  try {
    url = new URL(next, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The current page as a `next` value: path and query (spec §4), not the hash. */
export function nextFor(location: { pathname: string; searchStr: string }): string {
  return `${location.pathname}${location.searchStr}`;
}

/** `validateSearch` of the routes that take a `next`: kept only when it is a string. */
export function nextSearch(search: Record<string, unknown>): { next?: string } {
  return typeof search.next === 'string' ? { next: search.next } : {};
}

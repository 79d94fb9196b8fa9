/**
 * How a page reads what its route's loader asked for first: once, without retries (a record that
 * is not there, or not this account's, is the page's to say), and not again when the page mounts:
 * a call that failed in the loader shows the page's error with its retry instead of being asked
 * twice. The loader and the page pass the same options, so they share one cache entry.
 */
export const LOADER_READ = { query: { retry: false, retryOnMount: false } } as const;

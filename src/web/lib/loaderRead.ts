/**
 * How a page reads what its route's loader asked for first: once, without retries (a record that
 * is not there, or not this account's, is the page's to say), and not again when the page mounts:
 * a call that failed in the loader shows the page's error with its retry instead of being asked
 * twice. The loader and the page pass the same options, so they share one cache entry.
 */
export const LOADER_READ = { query: { retry: false, retryOnMount: false } } as const;

/**
 * As LOADER_READ, for a read the query client may retry (a list or a page of the account's own,
 * where a failure is a network hiccup rather than an answer): the retries stay, and a call that
 * still failed in the loader is not asked again when the page mounts.
 */
export const RETRIED_LOADER_READ = { query: { retryOnMount: false } } as const;

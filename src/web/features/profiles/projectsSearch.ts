/* Apart from the page, so the route's `validateSearch` (in the entry chunk) does not pull the page in. */

/** `?page=2`; page 1 and anything invalid are absent. */
export function parseProjectsSearch(raw: Record<string, unknown>): { page?: number } {
  const page = typeof raw.page === 'string' ? Number(raw.page) : raw.page;
  return typeof page === 'number' && Number.isInteger(page) && page > 1 && page <= 10_000 ? { page } : {};
}

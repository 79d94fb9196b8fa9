/* Apart from the page, so the routes' `validateSearch` (in the entry chunk) does not pull the page in. */

/** The return pages' `validateSearch`: the provider's session id (`?session_id=`), anything else dropped. */
export function checkoutSearch(search: Record<string, unknown>): { session_id?: string } {
  const id = search.session_id;
  return typeof id === 'string' && /^[A-Za-z0-9_]{8,200}$/.test(id) ? { session_id: id } : {};
}

/* Apart from the route data, so the routes' `validateSearch` (in the entry chunk) does not pull the forms in. */

/** `?selectedTool=true` keeps the tool picked in a search (spec §4). */
export function selectedToolSearch(search: Record<string, unknown>): { selectedTool?: boolean } {
  return search.selectedTool === true || search.selectedTool === 'true' ? { selectedTool: true } : {};
}

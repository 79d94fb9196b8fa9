/**
 * The parameters that campaigns and ad networks add to a link (`utm_source`, Google's, Microsoft's
 * and the social networks' click ids, newsletter ids, analytics' linkers). No page of the web app
 * reads them, so an address whose query holds only these shows the page as it is without one.
 */
const CAMPAIGN_PARAMETER =
  /^(?:utm_[a-z0-9_]+|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|li_fat_id|igshid|yclid|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * Whether the address shows the same page as its path alone: no query, or a query of campaign
 * parameters only. Any other parameter may be one a page reads (a board's words, a page number).
 */
export function showsPathAlone(url: string): boolean {
  const at = url.indexOf('?');
  if (at === -1) return true;
  for (const name of new URLSearchParams(url.slice(at + 1)).keys()) {
    if (!CAMPAIGN_PARAMETER.test(name)) return false;
  }
  return true;
}

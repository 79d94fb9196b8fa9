type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows a local `#/...` reference inside the bundled contract. */
function deref(doc: Record<string, Json>, node: Json): Json {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((at, key) => (isObject(at) ? at[key] : undefined), doc);
  }
  return current;
}

const isCatalogue = (operation: Record<string, Json>): boolean =>
  Array.isArray(operation.tags) && operation.tags.includes('catalogue');

/**
 * The names `x-options` may use, derived from the bundled contract so a list added to the
 * catalogue becomes usable in forms without touching the check: every `/service/<list>/all/`
 * path, every value of the `{list}` parameter of a per-family path
 * (`/service/<family>/{list}/all/` gives `<family>/<value>`), and every `/account/<list>/all/`.
 */
export function catalogueListsFromContract(contract: Json): Set<string> {
  const lists = new Set<string>();
  if (!isObject(contract) || !isObject(contract.paths)) return lists;
  for (const [route, item] of Object.entries(contract.paths)) {
    const match = /^\/(service|account)\/(.+)\/all\/$/.exec(route);
    // Only the catalogue's reads are option lists; `/service/client/request/all/` and the like are not.
    if (!match || !isObject(item) || !isObject(item.get) || !isCatalogue(item.get)) continue;
    const name = match[2]!;
    if (!name.includes('{')) {
      lists.add(name);
      continue;
    }
    const listParam = /^(.*)\/\{list\}$/.exec(name);
    if (!listParam) continue;
    const parameters = [
      ...(Array.isArray(item.parameters) ? item.parameters : []),
      ...(Array.isArray(item.get.parameters) ? item.get.parameters : []),
    ];
    for (const raw of parameters) {
      const parameter = deref(contract, raw);
      if (!isObject(parameter) || parameter.name !== 'list' || parameter.in !== 'path') continue;
      const schema = deref(contract, parameter.schema);
      if (isObject(schema) && Array.isArray(schema.enum)) {
        for (const value of schema.enum) if (typeof value === 'string') lists.add(`${listParam[1]}/${value}`);
      }
    }
  }
  return lists;
}

/**
 * Lists an `x-options` may name that are not catalogue reads but account calls, each with the
 * contract operation that answers it. `listBusinessServices` (`GET /account/business/services/all/`)
 * gives the service families, each followed by its sub-families (`family/sub`).
 */
export const ACCOUNT_OPTION_LISTS: Readonly<Record<string, { operationId: string; description: string }>> = {
  'provider-services': {
    operationId: 'listBusinessServices',
    description: 'service families and sub-families (`data-and-analytics`, `data-and-analytics/business`)',
  },
  'service-family': { operationId: 'listBusinessServices', description: 'service families only' },
  'service-sub-family': { operationId: 'listBusinessServices', description: 'sub-families only (`family/sub`)' },
};

/** The names of `ACCOUNT_OPTION_LISTS` whose operation the contract has. */
export function accountListsFromContract(contract: Json): Set<string> {
  const operationIds = new Set<string>();
  if (isObject(contract) && isObject(contract.paths)) {
    for (const item of Object.values(contract.paths)) {
      if (!isObject(item)) continue;
      for (const operation of Object.values(item)) {
        if (isObject(operation) && typeof operation.operationId === 'string') operationIds.add(operation.operationId);
      }
    }
  }
  return new Set(
    Object.entries(ACCOUNT_OPTION_LISTS)
      .filter(([, list]) => operationIds.has(list.operationId))
      .map(([name]) => name),
  );
}

import type { UiSchema } from '@rjsf/utils';
import { isJsonObject, type JsonObject, type JsonValue } from './types';

/** Widgets a form's UI schema may name that bring their own option loading. */
const SELF_LOADING_WIDGETS = new Set(['ToolPicker']);

function resolve(root: JsonObject, node: JsonValue | undefined): JsonObject {
  let current = node;
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = /^#\/\$defs\/(.+)$/.exec(current.$ref)?.[1];
    const target = name && isJsonObject(root.$defs) ? root.$defs[name] : undefined;
    // A `$ref` with siblings: the siblings refine the definition, as RJSF merges them.
    const { $ref: _ref, ...siblings } = current;
    current = isJsonObject(target) ? { ...target, ...siblings } : siblings;
  }
  return isJsonObject(current) ? current : {};
}

/**
 * Points every field with `x-options` at the catalogue widget, keeping the UI schema's own
 * choice of look (`radio`, `checkboxes`, `select`) as an option of it, so a form file only
 * names the list and never a component.
 */
export function withCatalogueWidgets(root: JsonObject, ui: JsonObject, node: JsonValue = root): UiSchema {
  const schema = resolve(root, node);
  const out: UiSchema = { ...ui };
  const list = schema['x-options'];
  const widget = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
  if (typeof list === 'string' && !(widget && SELF_LOADING_WIDGETS.has(widget))) {
    const options = isJsonObject(ui['ui:options']) ? ui['ui:options'] : {};
    out['ui:widget'] = 'CatalogueOptionsWidget';
    out['ui:options'] = { ...options, catalogueList: list, display: widget ?? 'select' };
  }
  // Fields asked only after a choice (`if`/`then`) sit beside the others in the UI schema.
  const branches = [schema.then, schema.else, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  const propertySets = [schema, ...branches.map((branch) => resolve(root, branch))].map((node) => node.properties);
  for (const properties of propertySets) {
    if (!isJsonObject(properties)) continue;
    for (const [name, property] of Object.entries(properties)) {
      const child = isJsonObject(out[name]) ? (out[name] as JsonObject) : {};
      const childUi = withCatalogueWidgets(root, child, property);
      if (Object.keys(childUi).length) out[name] = childUi;
    }
  }
  // The entries of a list (an office, a reference) are forms of their own, under `items`.
  if (isJsonObject(schema.items)) {
    const child = isJsonObject(ui.items) ? ui.items : {};
    const itemsUi = withCatalogueWidgets(root, child, schema.items);
    if (Object.keys(itemsUi).length) out.items = itemsUi;
  }
  return out;
}

import type { ValidatorType } from '@rjsf/utils';
import { formEntries, loadForm, type LoadedForm } from '@/forms/formFiles';
import { isJsonObject, type FormEntry, type JsonObject, type JsonValue } from '@/forms/types';
import { pageNotFound } from '@/lib/httpErrors';

/** The contract operations the product forms are posted to (forms/index.json `operationId`). */
export type ProductOperation = 'createNetsuiteProductRequest' | 'createReactHireRequest';

/** The product form of forms/index.json posted to an operation (`kind: product-request`). */
export function productFormEntry(operationId: ProductOperation, entries: FormEntry[] = formEntries()) {
  return entries.find((entry) => entry.kind === 'product-request' && entry.operationId === operationId);
}

/** The form's files, ready for RJSF, as a route loader reads them; a missing form is the 404 page. */
export async function loadProductForm(operationId: ProductOperation): Promise<LoadedForm> {
  const entry = productFormEntry(operationId);
  if (!entry) throw pageNotFound();
  return loadForm(entry);
}

const isBlank = (value: JsonValue | undefined): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isJsonObject(value) && Object.values(value).every(isBlank));

/**
 * The answers without the optional groups (the budget, the time-zone overlap) that were left
 * empty: a group holds only blanks and the values RJSF fills in itself (a default currency).
 * Such a group is not asked for, so it is not sent, rather than failing its inner `required`.
 */
export function withoutEmptyGroups(schema: JsonObject, answers: JsonObject): JsonObject {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: JsonObject = { ...answers };
  for (const [name, value] of Object.entries(answers)) {
    const property = properties[name];
    if (required.includes(name) || !isJsonObject(value) || !isJsonObject(property)) continue;
    const inner = isJsonObject(property.properties) ? property.properties : {};
    const untouched = Object.entries(value).every(([key, item]) => {
      const field = inner[key];
      return isBlank(item) || (isJsonObject(field) && field.default !== undefined && field.default === item);
    });
    if (untouched) delete out[name];
  }
  return out;
}

/**
 * The validator RJSF is given, judging the answers as they will be sent: without the empty
 * optional groups. Everything else is the precompiled validator's own.
 */
export function ignoringEmptyGroups(base: ValidatorType): ValidatorType {
  const wrapped = Object.create(base) as ValidatorType;
  wrapped.validateFormData = (formData, schema, ...rest) =>
    base.validateFormData(withoutEmptyGroups(schema as JsonObject, (formData ?? {}) as JsonObject), schema, ...rest);
  return wrapped;
}

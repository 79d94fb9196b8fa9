// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { bundleFormSchema, type JsonSchema } from '../../src/shared/forms/bundle';
import { readFullFormIndex } from '../../src/shared/forms/check';
import { formErrors } from '../../src/server/forms/errors';
import { serverForms } from '../../src/server/forms/load';
import { transformErrors } from '../../src/web/forms/errorMessages';
import { sentence } from '../../src/web/forms/serverErrors';
import { formValidator } from '../../src/web/forms/validator';

/** Ajv's own phrasing and keyword names: what a person must never read. */
const VALIDATOR_PHRASING =
  /must NOT|must have required property|must match|must be equal to|fewer than|more than \d+ (items|properties|characters)|must pass|must be (string|number|integer|object|array|boolean|null)\b|additional properties|unevaluated|property name|is too common|minProperties|oneOf|anyOf/;

const formsDir = path.resolve(__dirname, '../../forms');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
const shared = readdirSync(path.join(formsDir, '_defs')).map((name) => readJson(path.join(formsDir, '_defs', name)));
const forms = serverForms(formsDir);

/** A sentence for a person: starts with a capital, ends with a stop, no validator wording. */
function expectReadable(text: string, where: string) {
  expect(text, where).not.toMatch(VALIDATOR_PHRASING);
  expect(text, where).toMatch(/^[A-Z"“]/);
  expect(text, where).toMatch(/[.!?]$/);
}

function serverValidate(id: string, operationId: string | undefined) {
  const compiled =
    forms.requests.get(id) ?? forms.bodies.byId.get(id) ?? (operationId ? forms.products.get(operationId) : undefined);
  if (!compiled) throw new Error(`${id}: the server has no validator`);
  return compiled.validate;
}

// Every form of forms/ (requests, products, onboarding steps, profile sections) and each of its invalid examples.
describe.each(readFullFormIndex(formsDir))('messages of form $id', (entry) => {
  const dir = path.join(formsDir, entry.path);
  const schema = bundleFormSchema(readJson(path.join(dir, 'schema.json')), shared) as RJSFSchema;
  const invalid = readdirSync(path.join(dir, 'examples'))
    .filter((name) => name.startsWith('invalid-'))
    .map((name) => ({ name, data: readJson(path.join(dir, 'examples', name)) }));
  const operationId = 'operationId' in entry ? String(entry.operationId) : undefined;

  it.each(invalid)('$name reads as sentences on the web', ({ name, data }) => {
    const { errors } = formValidator.validateFormData(data, schema, undefined, transformErrors);
    expect(errors.length, name).toBeGreaterThan(0);
    for (const error of errors) expectReadable(error.message ?? '', `${name}: ${error.stack}`);
  });

  it.each(invalid)('$name reads as sentences from the server', ({ name, data }) => {
    const validate = serverValidate(entry.id, operationId);
    expect(validate(data), name).toBe(false);
    const fields = formErrors(validate.errors ?? []);
    expect(fields.length, name).toBeGreaterThan(0);
    for (const field of fields) expectReadable(sentence(field.message), `${name}: ${field.field} ${field.message}`);
  });
});

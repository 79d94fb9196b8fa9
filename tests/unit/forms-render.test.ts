import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import Form from '@rjsf/core';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  bundleFormSchema,
  catalogueFields,
  injectCatalogueOptions,
  type CatalogueOption,
  type JsonSchema,
} from '../../src/shared/forms/bundle';
import { readFullFormIndex } from '../../src/shared/forms/check';

const formsDir = path.resolve(__dirname, '../../forms');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
const shared = readdirSync(path.join(formsDir, '_defs')).map((name) => readJson(path.join(formsDir, '_defs', name)));
// RJSF validates with the draft the forms are written in, as the web app must configure it.
const validator = customizeValidator({ AjvClass: Ajv2020 as never });

/** The custom widgets the forms name; the web app provides the real ones. */
const stub = (props: WidgetProps) =>
  createElement('input', { id: props.id, readOnly: true, value: JSON.stringify(props.value ?? null) });
const widgets: RegistryWidgetsType = {
  ToolPicker: stub,
  AttachmentUpload: stub,
  StateWidget: stub,
  TimeZoneWidget: stub,
};

function valueAt(data: unknown, keys: string[]): unknown {
  return keys.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as JsonSchema)[key] : undefined), data);
}

// Request forms, onboarding steps and profile sections alike.
describe.each(readFullFormIndex(formsDir))('form $id', (entry) => {
  const dir = path.join(formsDir, entry.path);
  const bundled = bundleFormSchema(readJson(path.join(dir, 'schema.json')), shared);
  // A form that is one shared object (an office) has its fields behind its top-level `$ref`.
  const root =
    typeof bundled.$ref === 'string'
      ? ((bundled.$defs as JsonSchema)[bundled.$ref.replace('#/$defs/', '')] as JsonSchema)
      : bundled;
  const ui = readJson(path.join(dir, 'ui.json'));
  const examples = readdirSync(path.join(dir, 'examples')).map((name) => ({
    name,
    valid: name.startsWith('valid-'),
    data: readJson(path.join(dir, 'examples', name)),
  }));
  const valid = examples.filter((example) => example.valid);

  // Catalogue lists as the endpoints would answer them: every value the examples use, plus one more.
  const fields = catalogueFields(bundled);
  const lists: Record<string, CatalogueOption[]> = {};
  for (const field of fields) {
    const values = new Set<unknown>(field.list === 'tool' ? [1] : ['another-option']);
    for (const example of valid) {
      const value = valueAt(example.data, field.path);
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) values.add(v);
    }
    const options = [...values].map((v) =>
      typeof v === 'number' ? { id: v, name: `Tool ${v}` } : { slug: String(v) },
    );
    lists[field.list] = [...(lists[field.list] ?? []), ...options];
  }
  const withOptions = injectCatalogueOptions(bundled, lists);

  it('is self-contained once bundled, and RJSF validates its examples as the check does', () => {
    expect(JSON.stringify(bundled)).not.toContain('_defs/');
    for (const example of examples) {
      const { errors } = validator.validateFormData(example.data, bundled);
      expect(errors.length === 0, `${example.name}: ${JSON.stringify(errors)}`).toBe(example.valid);
    }
  });

  it('accepts only catalogue options once they are filled in', () => {
    for (const example of valid) expect(validator.isValid(withOptions, example.data, withOptions)).toBe(true);
    const scalar = fields.find((field) => !field.multiple && valueAt(valid[0]!.data, field.path) !== undefined);
    if (!scalar) return;
    const data = structuredClone(valid[0]!.data);
    const parent = valueAt(data, scalar.path.slice(0, -1)) as JsonSchema;
    parent[scalar.path.at(-1)!] = typeof parent[scalar.path.at(-1)!] === 'number' ? 999999 : 'not-in-the-list';
    expect(validator.isValid(withOptions, data, withOptions)).toBe(false);
  });

  it('renders every field and submits its valid example', async () => {
    const onSubmit = vi.fn();
    const onError = vi.fn();
    const { container } = render(
      createElement(Form, {
        schema: withOptions,
        uiSchema: ui,
        formData: valid[0]!.data,
        validator,
        widgets,
        // Without it RJSF preselects the first option of every choice the client has not made.
        experimental_defaultFormStateBehavior: { constAsDefaults: 'skipOneOf' },
        onSubmit,
        onError,
      }),
    );
    for (const name of Object.keys(root.properties as JsonSchema)) {
      expect(container.querySelector(`[id^="root_${name}"]`), name).not.toBeNull();
    }
    fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(onSubmit.mock.calls.length + onError.mock.calls.length).toBeGreaterThan(0));
    expect(onError.mock.calls[0]?.[0]).toBeUndefined();
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createFormsAjv } from '../../shared/forms/ajv';
import { lazyValidator, type LazyValidator } from '../contract/ajv';
import { bundleFormSchema, type JsonSchema } from '../../shared/forms/bundle';
import { readBodyFormIndex, type BodyFormIndexEntry } from '../../shared/forms/check';
import { loadForms, type LoadedForm } from '../../shared/forms/load';
import { projectPath } from '../project-paths';

/** The repository's forms/: the files the web app renders are the rules the server applies. */
export const FORMS_DIR = projectPath('forms');

/** A request or product form with its compiled validator. */
export interface CompiledForm extends LoadedForm {
  validate: LazyValidator;
}

/** A form posted through createServiceRequest. */
export interface RequestForm extends CompiledForm {
  /** The top-level field holding the shared budget object, when the form asks for one. */
  budgetField: string | null;
  /** Top-level fields marked `x-private`: left out of the public job board's answers. */
  privateFields: string[];
}

/** An onboarding step or profile section: the whole request body of each of its operations. */
export interface BodyForm {
  entry: BodyFormIndexEntry;
  /** Self-contained (shared definitions copied in), as the web app renders it. */
  schema: JsonSchema;
  validate: LazyValidator;
}

export interface ServerForms {
  /** Service request forms by id (`requests/mobile-app`). */
  requests: Map<string, RequestForm>;
  /** Product forms by the operation they are posted to. */
  products: Map<string, CompiledForm>;
  /** Onboarding steps and profile sections by id and by each operation whose body they are. */
  bodies: { byId: Map<string, BodyForm>; byOperation: Map<string, BodyForm> };
}

const cache = new Map<string, ServerForms>();

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;

/**
 * Every form of forms/index.json, read once per folder with one Ajv (tests hand a copy of the
 * folder) and each compiled on its first use: the one place the server reads forms from.
 */
export function serverForms(formsDir: string = FORMS_DIR): ServerForms {
  const cached = cache.get(formsDir);
  if (cached) return cached;
  const ajv = createFormsAjv();
  const forms: ServerForms = {
    requests: new Map(),
    products: new Map(),
    bodies: { byId: new Map(), byOperation: new Map() },
  };

  for (const [id, form] of loadForms(formsDir)) {
    const compiled: CompiledForm = { ...form, validate: lazyValidator(ajv, form.schema) };
    if (form.entry.kind === 'product-request') {
      if (forms.products.has(form.entry.operationId)) {
        throw new Error(`${form.entry.id}: a second form for ${form.entry.operationId}`);
      }
      forms.products.set(form.entry.operationId, compiled);
    } else if (form.entry.operationId === 'createServiceRequest') {
      forms.requests.set(id, {
        ...compiled,
        budgetField: budgetFieldOf(form.schema),
        privateFields: privateFieldsOf(form.schema),
      });
    }
  }

  const defsDir = path.join(formsDir, '_defs');
  const shared = readdirSync(defsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readJson(path.join(defsDir, name)));
  for (const entry of readBodyFormIndex(formsDir)) {
    const schema = bundleFormSchema(readJson(path.join(formsDir, entry.path, 'schema.json')), shared);
    const form: BodyForm = { entry, schema, validate: lazyValidator(ajv, schema) };
    forms.bodies.byId.set(entry.id, form);
    for (const operationId of entry.operationIds) {
      const other = forms.bodies.byOperation.get(operationId);
      if (other) throw new Error(`forms/index.json: ${operationId} is the body of ${other.entry.id} and ${entry.id}`);
      forms.bodies.byOperation.set(operationId, form);
    }
  }
  cache.set(formsDir, forms);
  return forms;
}

/** The forms posted through createServiceRequest: a field added to a schema is validated without code. */
export const requestForms = (formsDir: string = FORMS_DIR): Map<string, RequestForm> => serverForms(formsDir).requests;

function privateFieldsOf(schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const isPrivate = (property: JsonSchema): boolean => {
    if (property['x-private'] === true) return true;
    const ref = typeof property.$ref === 'string' ? property.$ref : '';
    const target = ref.startsWith('#/$defs/') ? defs[ref.slice('#/$defs/'.length)] : undefined;
    return target !== undefined && target['x-private'] === true;
  };
  return Object.entries(properties)
    .filter(([, property]) => isPrivate(property))
    .map(([name]) => name);
}

function budgetFieldOf(schema: JsonSchema): string | null {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    if (property.$ref === '#/$defs/common.budget') return name;
  }
  return null;
}

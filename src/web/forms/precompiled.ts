import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import precompiledForms from 'virtual:form-validators';
import type { JsonObject } from './types';

export interface FormValidators {
  /** For the whole form: the final check and the review. */
  form: ValidatorType;
  /** One per step, in order. */
  steps: ValidatorType[];
}

/**
 * The validators compiled at build time for a form (scripts/vite-form-validators.ts), bound to
 * the schemas the wizard renders: the whole form's, then each step's, in the same order.
 */
export async function loadFormValidators(path: string, schemas: JsonObject[]): Promise<FormValidators> {
  const load = precompiledForms[path];
  if (!load) throw new Error(`No compiled validators for forms/${path}`);
  const { default: compiled } = await load();
  if (compiled.length !== schemas.length) throw new Error(`forms/${path}: the compiled validators are out of date`);
  const [form, ...steps] = schemas.map((schema, index) =>
    createPrecompiledValidator(compiled[index] as ValidatorFunctions, schema as RJSFSchema),
  );
  return { form: form!, steps };
}

import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * How the request forms are validated, shared by the build (which compiles each form's
 * validators ahead of time, so the browser never needs `new Function`) and the tests. The
 * files are JSON Schema 2020-12 with keywords of our own: `x-options` (the catalogue list
 * a field's options come from; the server checks values against it), `x-steps` (how the
 * wizard pages the form) and `x-private` (a field the public job board leaves out).
 */
export const FORM_VALIDATOR_OPTIONS: CustomValidatorOptionsType = {
  AjvClass: Ajv2020,
  ajvOptionsOverrides: {
    keywords: [
      { keyword: 'x-options', schemaType: 'string' },
      { keyword: 'x-steps', schemaType: 'array' },
      { keyword: 'x-private', schemaType: 'boolean' },
    ],
    allowUnionTypes: true,
  },
};

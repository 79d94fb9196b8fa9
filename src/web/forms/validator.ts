import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * The form files are JSON Schema 2020-12 and carry two keywords of our own: `x-options` (the
 * catalogue list a field's options come from; the server checks values against it) and
 * `x-steps` (how the wizard pages the form). Both are declared so Ajv compiles the schemas
 * as the server's forms check does.
 */
export const formValidator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: {
    keywords: [
      { keyword: 'x-options', schemaType: 'string' },
      { keyword: 'x-steps', schemaType: 'array' },
    ],
    allowUnionTypes: true,
  },
});

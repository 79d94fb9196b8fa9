import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Keywords the form files add to JSON Schema. They carry no validation meaning for Ajv: the
 * option list named by `x-options` is checked against the database by the server, and `x-steps`
 * only tells the web app how to split the form into pages. `x-private: true` marks a field the
 * public job board leaves out (the client and their hired provider still see it).
 */
export const FORM_KEYWORDS = ['x-options', 'x-steps', 'x-private'] as const;

/**
 * The Ajv the form schemas are validated with, by the forms check and by the server.
 * Strict mode stays on so a misspelt keyword (`maxLenght`) fails the check instead of
 * silently validating nothing. Defaults are not applied: a submission is judged as sent.
 */
export function createFormsAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    useDefaults: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-options', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-steps', schemaType: 'array' });
  ajv.addKeyword({ keyword: 'x-private', schemaType: 'boolean' });
  return ajv;
}

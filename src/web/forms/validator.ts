import { customizeValidator } from '@rjsf/validator-ajv8';
import { FORM_VALIDATOR_OPTIONS } from './validatorOptions';

/**
 * A validator that compiles schemas at run time, for schemas that are not form files (tests
 * of single widgets). The forms themselves use the validators compiled at build time
 * (precompiled.ts), since the site's CSP forbids compiling code in the browser.
 */
export const formValidator = customizeValidator(FORM_VALIDATOR_OPTIONS);

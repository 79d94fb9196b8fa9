import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import common from '../../../forms/_defs/common.json';
import { transformErrors } from './errorMessages';
import { ThemedForm } from './theme';
import { formValidator } from './validator';

// The shared budget as a request form holds it.
const schema = {
  type: 'object',
  properties: { budget: { $ref: '#/$defs/budget' } },
  $defs: { budget: common.$defs.budget, currency: common.$defs.currency },
} as unknown as RJSFSchema;

describe('the budget of a request form', () => {
  it('asks for both amounts with number inputs, "From" (optional) as "Up to"', () => {
    render(
      <ThemedForm
        schema={schema}
        validator={formValidator}
        formData={{ budget: { type: 'fixed', currency: 'USD' } }}
      />,
    );
    expect(screen.getByLabelText(/^From/).getAttribute('type')).toBe('number');
    expect(screen.getByLabelText(/^Up to/).getAttribute('type')).toBe('number');
  });

  it('says a non-number is not a number, not that the answer is required', () => {
    const { errors } = formValidator.validateFormData(
      { budget: { type: 'fixed', min: 'five thousand', max: 9000, currency: 'USD' } },
      schema,
      undefined,
      transformErrors,
    );
    const messages = errors.map((error) => error.message);
    expect(messages).toContain('Enter a number, using digits only (5000, not "5k").');
    expect(messages).not.toContain('This answer is required.');
  });
});

import { describe, expect, it } from 'vitest';
import { errorPath, splitFormErrors, toErrorSchema } from './serverErrors';

describe('toErrorSchema', () => {
  it('puts an error on its field, nested fields through their parents, as sentences', () => {
    expect(
      toErrorSchema([
        { field: 'title', message: 'is required' },
        { field: 'contact.phone', message: 'must be a phone number' },
        { field: 'hourlyRate.amount', message: 'Enter a rate above zero' },
      ]),
    ).toEqual({
      title: { __errors: ['This is required.'] },
      contact: { phone: { __errors: ['This must be a phone number.'] } },
      hourlyRate: { amount: { __errors: ['Enter a rate above zero.'] } },
    });
  });

  it('keys a list item by its index, and puts an error on one choice of a list on the list', () => {
    expect(
      toErrorSchema([
        { field: 'locations.1.state', message: 'is not a state of US' },
        { field: 'services.2', message: 'is not a service we offer' },
        { field: 'entries.0.years.3', message: 'is not a year' },
      ]),
    ).toEqual({
      locations: { 1: { state: { __errors: ['This is not a state of US.'] } } },
      services: { __errors: ['This is not a service we offer.'] },
      entries: { 0: { years: { __errors: ['This is not a year.'] } } },
    });
  });

  it('sends body, unnamed and unknown fields to the form-level error', () => {
    const schema = toErrorSchema(
      [
        { field: 'body', message: 'is required' },
        { field: '', message: 'Something is off.' },
        { field: 'formId', message: 'is not a request form we offer' },
        { field: 'title', message: 'is required' },
      ],
      { fields: ['title', 'description'] },
    );
    expect(schema).toEqual({
      __errors: ['This is required.', 'Something is off.', 'This is not a request form we offer.'],
      title: { __errors: ['This is required.'] },
    });
    expect(splitFormErrors(schema)).toEqual({
      formErrors: ['This is required.', 'Something is off.', 'This is not a request form we offer.'],
      fieldErrors: { title: { __errors: ['This is required.'] } },
    });
  });

  it('keeps several errors on one field, in order', () => {
    expect(
      toErrorSchema([
        { field: 'budget.min', message: 'must be a number' },
        { field: 'budget.min', message: 'must not be above the maximum.' },
        { field: 'tools.0', message: 'is not a tool we know' },
        { field: 'tools.4', message: 'is not a tool we know' },
      ]),
    ).toEqual({
      budget: { min: { __errors: ['This must be a number.', 'This must not be above the maximum.'] } },
      tools: { __errors: ['This is not a tool we know.', 'This is not a tool we know.'] },
    });
  });

  it('has no field errors when every error is the form’s', () => {
    expect(splitFormErrors(toErrorSchema([{ field: 'body', message: 'is required' }])).fieldErrors).toBeUndefined();
    expect(errorPath('answers', new Set(['title']))).toBeNull();
    expect(errorPath('0.title')).toBeNull();
  });
});

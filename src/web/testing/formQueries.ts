/** Queries for form tests: the error beside a field, the form-level error. */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The error shown beside a field: what its aria-describedby points at, and aria-invalid set. */
export function errorOf(label: string | RegExp): string | null {
  const control = screen.getByLabelText(label, { selector: 'input, select' });
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field__error'));
  return error?.textContent ?? null;
}

/** The form-level error (role alert) text, or null when none shows. */
export function formError(): string | null {
  const alerts = screen.queryAllByRole('alert').filter((el) => el.textContent);
  return alerts.map((el) => el.textContent).join(' ') || null;
}

export function expectNoFieldErrors(...labels: (string | RegExp)[]) {
  for (const label of labels) expect(errorOf(label)).toBeNull();
}

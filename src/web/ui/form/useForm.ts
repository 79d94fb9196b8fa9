import { useCallback, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '@/api/mutator';
import { sentence } from '@/lib/sentence';
import { apiErrorMessage } from '../toast';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;
/** Returns an error message per invalid field; fields without a problem are left out. */
export type Validate<V extends FormValues> = (values: V) => FieldErrors<V>;

interface UseFormOptions<V extends FormValues> {
  initialValues: V;
  validate: Validate<V>;
}

function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A small controlled-form state: values, errors beside fields, one form-level error.
 * Errors appear on submit, not on blur: an error appearing on blur shifts the form under a
 * pointer already on its way to the submit button, and the click is lost. A shown error
 * updates as the user types, so it disappears as soon as the value is right. A submit with errors moves focus
 * to the first invalid field, whose error is read with it (aria-describedby).
 */
export function useForm<V extends FormValues>({ initialValues, validate }: UseFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The latest values, for handlers that run between renders (two changes in one event).
  const latest = useRef<V>(initialValues);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      // Only errors already on screen follow the typing (a rule between two fields included).
      setErrors((shown) => {
        if (!hasErrors(shown)) return shown;
        const fresh = validate(next);
        const updated: FieldErrors<V> = {};
        for (const key of Object.keys(shown) as (keyof V & string)[]) {
          if (shown[key] && fresh[key]) updated[key] = fresh[key];
        }
        return updated;
      });
    },
    [validate],
  );

  const focusFirstInvalid = useCallback(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, []);

  /** Shows errors the server named beside their fields; the rest as the form error (spec §8). */
  const showServerError = useCallback(
    (error: unknown) => {
      const fieldErrors: FieldErrors<V> = {};
      let unmatched = false;
      if (error instanceof ApiError) {
        for (const { field } of error.body.errors ?? []) {
          if (field in values) fieldErrors[field as keyof V & string] = sentence(error.fieldError(field) ?? '');
          else unmatched = true;
        }
      }
      const named = hasErrors(fieldErrors);
      flushSync(() => {
        setErrors(fieldErrors);
        setFormError(!named || unmatched ? apiErrorMessage(error) : null);
      });
      if (named) focusFirstInvalid();
    },
    [values, focusFirstInvalid],
  );

  const handleSubmit = useCallback(
    (onValid: (values: V) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = validate(values);
      flushSync(() => {
        setErrors(found);
        setFormError(null);
      });
      if (hasErrors(found)) {
        focusFirstInvalid();
        return;
      }
      void onValid(values);
    },
    [validate, values, focusFirstInvalid],
  );

  /** Props for one field component: name, value, change handler, error. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
  });

  return { values, errors, formError, formRef, setValue, setFormError, field, handleSubmit, showServerError };
}

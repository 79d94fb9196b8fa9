import { useEffect } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useListCountryStates } from '../api/generated/catalogue/catalogue';
import { controlAria } from './fieldIds';
import { siblingAnswer, type FormAnswersContext } from './siblings';
import { isJsonObject } from './types';

/**
 * A state or region of the country chosen beside it, by name, from the catalogue
 * (`GET /account/country/{id}/states/all/`). Disabled until a country is chosen; a state of
 * another country is cleared when the country changes.
 */
export function StateWidget(props: WidgetProps) {
  const { id, value, onChange, options, disabled, readonly, registry, placeholder } = props;
  const context = (isJsonObject(registry.formContext) ? registry.formContext : {}) as FormAnswersContext;
  const country = siblingAnswer(context.answers ?? {}, context.idPrefix ?? 'root', id, 'country');
  const code = typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
  const states = useListCountryStates(code ?? 'US', { query: { enabled: code !== null, staleTime: 60 * 60 * 1000 } });
  const list = code ? (states.data?.data ?? []) : [];
  const loaded = code !== null && states.isSuccess;
  const current = typeof value === 'string' ? value : '';
  const stale = current !== '' && (code === null || (loaded && !list.some((state) => state.code === current)));

  useEffect(() => {
    if (stale) onChange(options.emptyValue);
  }, [stale, onChange, options.emptyValue]);

  const status = !code
    ? 'Choose a country first.'
    : states.isPending
      ? 'Loading the states and regions…'
      : states.isError
        ? 'The states and regions could not be loaded.'
        : list.length === 0
          ? 'This country has no states or regions to choose from.'
          : null;

  return (
    <>
      <select
        id={id}
        className="field__control field__control--select"
        value={stale ? '' : current}
        disabled={disabled || readonly || !code || list.length === 0}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        {...controlAria(props)}
      >
        <option value="">{list.length ? placeholder || 'Choose a state or region' : '—'}</option>
        {list.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </select>
      {status && <p className="field__hint">{status}</p>}
    </>
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { useListCountryStates } from '@/api/generated/catalogue/catalogue';
import type { CatalogueOption } from '@/forms/catalogueLists';
import { CatalogueOptionsWidget } from '@/forms/CatalogueOptionsWidget';
import { ManyOptions } from '@/forms/ManyOptionsWidget';
import { controlAria } from '@/forms/fieldIds';
import { OptionGroup, OptionSelect } from '@/forms/OptionControls';
import { isJsonObject, type JsonObject } from '@/forms/types';
import { siblingAnswer } from './onboardingForms';

const keyOf = (value: unknown) => String(value);

/**
 * The catalogue widget, except where the page narrows a list's options for this user
 * (`ui:options.choices`): the specialities of the chosen service, the services still free.
 */
export function OnboardingOptionsWidget(props: WidgetProps) {
  const choices = props.options.choices as CatalogueOption[] | undefined;
  if (!choices && props.schema.type === 'array') return <ManyOptions {...props} />;
  if (!choices) return <CatalogueOptionsWidget {...props} />;
  const { id, value, onChange, options, schema, disabled, readonly, placeholder } = props;
  const byKey = new Map(choices.map((option) => [keyOf(option.value), option.value]));
  const common = {
    ...props,
    disabled: disabled || readonly,
    options: choices.map((option) => ({ key: keyOf(option.value), label: option.label })),
  };
  const empty = typeof options.emptyText === 'string' ? options.emptyText : null;

  if (schema.type === 'array') {
    const selected: unknown[] = Array.isArray(value) ? value.filter((item) => item !== undefined && item !== null) : [];
    const keys = new Set(selected.map(keyOf));
    return (
      <>
        <OptionGroup
          {...common}
          kind="checkbox"
          isChecked={(key) => keys.has(key)}
          onToggle={(key, checked) =>
            onChange(checked ? [...selected, byKey.get(key)] : selected.filter((item) => keyOf(item) !== key))
          }
        />
        {choices.length === 0 && empty && <p className="field__hint">{empty}</p>}
      </>
    );
  }
  return (
    <OptionSelect
      {...common}
      id={id}
      selected={value === undefined || value === null ? '' : keyOf(value)}
      placeholder={placeholder}
      onSelect={(key) => onChange(key === '' ? options.emptyValue : byKey.get(key))}
    />
  );
}

interface StateContext {
  answers?: JsonObject;
  idPrefix?: string;
}

/**
 * A state or region of the country chosen beside it, from `GET /account/country/{id}/states/all/`.
 * Before a country is chosen it says so; a country without states leaves the field empty.
 */
export function StateWidget(props: WidgetProps) {
  const { id, value, onChange, options, disabled, readonly, registry } = props;
  const context = (isJsonObject(registry.formContext) ? registry.formContext : {}) as StateContext;
  const country = siblingAnswer(context.answers ?? {}, context.idPrefix ?? 'root', id, 'country');
  const code = typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
  const states = useListCountryStates(code ?? 'US', { query: { enabled: code !== null, staleTime: 60 * 60 * 1000 } });
  const list = code ? (states.data?.data ?? []) : [];
  const status = !code
    ? 'Choose a country first.'
    : states.isPending
      ? 'Loading the states…'
      : states.isError
        ? 'The states could not be loaded.'
        : list.length === 0
          ? 'This country has no states or regions to choose from.'
          : null;

  return (
    <>
      <select
        id={id}
        className="field__control field__control--select"
        value={typeof value === 'string' ? value : ''}
        disabled={disabled || readonly || !code || list.length === 0}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        {...controlAria(props)}
      >
        <option value="">{list.length ? 'Any state or region' : '—'}</option>
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

export const ONBOARDING_WIDGETS = { CatalogueOptionsWidget: OnboardingOptionsWidget, StateWidget };

import type { WidgetProps } from '@rjsf/utils';
import type { CatalogueOption } from '@/forms/catalogueLists';
import { CatalogueOptionsWidget } from '@/forms/CatalogueOptionsWidget';
import { ManyOptions } from '@/forms/ManyOptionsWidget';
import { OptionGroup, OptionSelect } from '@/forms/OptionControls';

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

export const ONBOARDING_WIDGETS = { CatalogueOptionsWidget: OnboardingOptionsWidget };

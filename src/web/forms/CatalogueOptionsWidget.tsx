import type { WidgetProps } from '@rjsf/utils';
import type { CatalogueOption } from './catalogueLists';
import { OptionGroup, OptionSelect, type ChoiceOption } from './OptionControls';
import { useCatalogueOptions } from './useCatalogueOptions';

const keyOf = (value: unknown) => String(value);

function choices(options: CatalogueOption[]): ChoiceOption[] {
  return options.map((option) => ({ key: keyOf(option.value), label: option.label }));
}

/**
 * A field whose options live in the database (`x-options`): a select for one answer, a checkbox
 * group for several, radios when the form asks for them. The answer keeps the catalogue's own
 * value type (a tool's id is a number, a slug a string).
 */
export function CatalogueOptionsWidget(props: WidgetProps) {
  const { id, value, onChange, options, schema, disabled, readonly, placeholder } = props;
  const list = String(options.catalogueList ?? schema['x-options'] ?? '');
  const { known, data, isPending, isError } = useCatalogueOptions(list);
  const loaded = data ?? [];
  const byKey = new Map(loaded.map((option) => [keyOf(option.value), option.value]));
  const inactive = disabled || readonly || !known || isPending || isError;
  const status = !known ? 'These options are unavailable.' : isError ? 'The options could not be loaded.' : null;
  const common = { ...props, disabled: inactive, options: choices(loaded) };

  let control;
  if (schema.type === 'array') {
    const selected: unknown[] = Array.isArray(value) ? value.filter((item) => item !== undefined && item !== null) : [];
    const keys = new Set(selected.map(keyOf));
    control = (
      <OptionGroup
        {...common}
        kind="checkbox"
        isChecked={(key) => keys.has(key)}
        onToggle={(key, checked) => {
          const picked = byKey.get(key);
          onChange(checked ? [...selected, picked] : selected.filter((item) => keyOf(item) !== key));
        }}
      />
    );
  } else if (options.display === 'radio') {
    control = (
      <OptionGroup
        {...common}
        kind="radio"
        isChecked={(key) => value !== undefined && keyOf(value) === key}
        onToggle={(key) => onChange(byKey.get(key))}
      />
    );
  } else {
    control = (
      <OptionSelect
        {...common}
        id={id}
        selected={value === undefined || value === null ? '' : keyOf(value)}
        placeholder={isPending && known ? 'Loading…' : placeholder}
        onSelect={(key) => onChange(key === '' ? options.emptyValue : byKey.get(key))}
      />
    );
  }
  return (
    <>
      {control}
      {status && <p className="field__hint">{status}</p>}
    </>
  );
}

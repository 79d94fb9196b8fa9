import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { CatalogueOption } from '@/forms/catalogueLists';
import { CatalogueOptionsWidget } from '@/forms/CatalogueOptionsWidget';
import { controlAria, labelId } from '@/forms/fieldIds';
import { useCatalogueOptions } from '@/forms/useCatalogueOptions';
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

/** Beyond this many options a list of checkboxes is too long to read: a search with chips instead. */
const LONG_LIST = 24;
const SUGGESTIONS = 8;

/** Several answers from a catalogue list: checkboxes, or for a long list (languages) a search. */
function ManyOptions(props: WidgetProps) {
  const list = String(props.options.catalogueList ?? props.schema['x-options'] ?? '');
  const { data } = useCatalogueOptions(list);
  if (!data || data.length <= LONG_LIST) return <CatalogueOptionsWidget {...props} />;
  return <SearchPicker {...props} all={data} />;
}

function SearchPicker(props: WidgetProps & { all: CatalogueOption[] }) {
  const { id, value, onChange, disabled, readonly, all } = props;
  const [query, setQuery] = useState('');
  const selected: unknown[] = Array.isArray(value) ? value.filter((item) => item !== undefined && item !== null) : [];
  const keys = new Set(selected.map(keyOf));
  const labels = new Map(all.map((option) => [keyOf(option.value), option.label]));
  const needle = query.trim().toLowerCase();
  const suggestions = needle
    ? all
        .filter((option) => !keys.has(keyOf(option.value)) && option.label.toLowerCase().includes(needle))
        .slice(0, SUGGESTIONS)
    : [];
  const inactive = disabled || readonly;
  const listId = `${id}-suggestions`;

  return (
    <div className="tool-picker">
      {selected.length > 0 && (
        <ul className="tool-picker__chips" aria-label="Chosen">
          {selected.map((item) => (
            <li key={keyOf(item)} className="tool-picker__chip">
              {labels.get(keyOf(item)) ?? keyOf(item)}
              <button
                type="button"
                aria-label={`Remove ${labels.get(keyOf(item)) ?? keyOf(item)}`}
                disabled={inactive}
                onClick={() => onChange(selected.filter((other) => keyOf(other) !== keyOf(item)))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        className="field__control"
        value={query}
        placeholder="Type to search"
        autoComplete="off"
        disabled={inactive}
        aria-labelledby={labelId(id)}
        aria-controls={suggestions.length ? listId : undefined}
        onChange={(event) => setQuery(event.target.value)}
        {...controlAria(props)}
      />
      {suggestions.length > 0 && (
        <ul id={listId} className="tool-picker__suggestions" aria-label="Matching options">
          {suggestions.map((option) => (
            <li key={keyOf(option.value)}>
              <button
                type="button"
                onClick={() => {
                  onChange([...selected, option.value]);
                  setQuery('');
                }}
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {needle && suggestions.length === 0 && <p className="field__hint">Nothing matches “{query.trim()}”.</p>}
    </div>
  );
}

export const ONBOARDING_WIDGETS = { CatalogueOptionsWidget: OnboardingOptionsWidget };

import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { CatalogueOption } from './catalogueLists';
import { CatalogueOptionsWidget } from './CatalogueOptionsWidget';
import { controlAria, labelId } from './fieldIds';
import { useCatalogueOptions } from './useCatalogueOptions';

const keyOf = (value: unknown) => String(value);

/** Beyond this many options a list of checkboxes is too long to read: a search with chips instead. */
const LONG_LIST = 24;
const SUGGESTIONS = 8;

/** Several answers from a catalogue list: checkboxes, or for a long list (languages) a search. */
export function ManyOptions(props: WidgetProps) {
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

/** The catalogue widget, with a search for long lists of several answers (languages). */
export function CatalogueSearchWidget(props: WidgetProps) {
  return props.schema.type === 'array' ? <ManyOptions {...props} /> : <CatalogueOptionsWidget {...props} />;
}

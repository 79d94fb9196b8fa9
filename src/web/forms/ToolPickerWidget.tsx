import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { controlAria } from './fieldIds';
import { useCatalogueOptions } from './useCatalogueOptions';

const MAX_SUGGESTIONS = 8;

/** Tools by name: type to filter the catalogue's tools, pick to add, remove with the chip. */
export function ToolPickerWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema, placeholder } = props;
  const list = typeof schema['x-options'] === 'string' ? schema['x-options'] : 'tool';
  const { known, data = [] } = useCatalogueOptions(list);
  const [query, setQuery] = useState('');
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const names = new Map(data.map((tool) => [tool.value, tool.label]));
  const needle = query.trim().toLowerCase();
  const suggestions = needle
    ? data
        .filter((tool) => !selected.includes(tool.value) && tool.label.toLowerCase().includes(needle))
        .slice(0, MAX_SUGGESTIONS)
    : [];
  const inactive = disabled || readonly || !known;

  return (
    <div className="tool-picker">
      {selected.length > 0 && (
        <ul className="tool-picker__chips" aria-label="Chosen tools">
          {selected.map((tool) => (
            <li key={String(tool)} className="tool-picker__chip">
              {names.get(tool as number) ?? `Tool ${String(tool)}`}
              <button
                type="button"
                aria-label={`Remove ${names.get(tool as number) ?? 'tool'}`}
                disabled={inactive}
                onClick={() => onChange(selected.filter((item) => item !== tool))}
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
        placeholder={placeholder || 'Search tools'}
        autoComplete="off"
        disabled={inactive}
        onChange={(event) => setQuery(event.target.value)}
        {...controlAria(props)}
      />
      {suggestions.length > 0 && (
        <ul className="tool-picker__suggestions" aria-label="Matching tools">
          {suggestions.map((tool) => (
            <li key={tool.value}>
              <button
                type="button"
                onClick={() => {
                  onChange([...selected, tool.value]);
                  setQuery('');
                }}
              >
                {tool.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useState, type AriaAttributes } from 'react';
import type { CatalogueOption } from './catalogueLists';

/** At most this many options are suggested at once. */
const MAX_SUGGESTIONS = 8;

/** One chosen answer, shown as a chip with its remove button. */
export interface Chip {
  key: string;
  label: string;
  /** The remove button's accessible name. */
  removeLabel: string;
  remove: () => void;
}

interface ChipSearchProps extends Pick<AriaAttributes, 'aria-labelledby' | 'aria-describedby' | 'aria-invalid'> {
  id: string;
  chips: Chip[];
  /** The accessible names of the chips' list and of the suggestions' list. */
  chipsLabel: string;
  suggestionsLabel: string;
  /** The options matching a search, given trimmed and in lower case, chosen ones left out. */
  search: (needle: string) => CatalogueOption[];
  pick: (option: CatalogueOption) => void;
  placeholder: string;
  disabled: boolean;
  /** When given, the suggestions' list gets this id and the search box points at it. */
  suggestionsId?: string;
  /** Says so when nothing matches what was typed. */
  sayNoMatch?: boolean;
}

/** Chosen answers as removable chips above a search box whose suggestions add one when picked. */
export function ChipSearch({
  id,
  chips,
  chipsLabel,
  suggestionsLabel,
  search,
  pick,
  placeholder,
  disabled,
  suggestionsId,
  sayNoMatch = false,
  ...aria
}: ChipSearchProps) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const suggestions = needle ? search(needle).slice(0, MAX_SUGGESTIONS) : [];

  return (
    <div className="tool-picker">
      {chips.length > 0 && (
        <ul className="tool-picker__chips" aria-label={chipsLabel}>
          {chips.map((chip) => (
            <li key={chip.key} className="tool-picker__chip">
              {chip.label}
              <button type="button" aria-label={chip.removeLabel} disabled={disabled} onClick={chip.remove}>
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
        placeholder={placeholder}
        autoComplete="off"
        disabled={disabled}
        aria-controls={suggestionsId && suggestions.length ? suggestionsId : undefined}
        onChange={(event) => setQuery(event.target.value)}
        {...aria}
      />
      {suggestions.length > 0 && (
        <ul id={suggestionsId} className="tool-picker__suggestions" aria-label={suggestionsLabel}>
          {suggestions.map((option) => (
            <li key={String(option.value)}>
              <button
                type="button"
                onClick={() => {
                  pick(option);
                  setQuery('');
                }}
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {sayNoMatch && needle && suggestions.length === 0 && (
        <p className="field__hint">Nothing matches “{query.trim()}”.</p>
      )}
    </div>
  );
}

import { useId, type ReactNode } from 'react';

/** The filters panel: a title, "Clear filters" when some apply, then the groups. */
export function FilterPanel({
  activeCount,
  onClear,
  children,
}: {
  activeCount: number;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div className="search-filters">
      <div className="search-filters__header">
        <h2 className="search-filters__title">Filters</h2>
        {activeCount > 0 && (
          <button type="button" className="link-button" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
      {children}
    </div>
  );
}

export interface RadioOption<T extends string> {
  value: T | '';
  label: string;
  /** A count beside the label, with its accessible wording. */
  count?: { value: number; label: string };
}

const integer = new Intl.NumberFormat('en-US');

/** One choice among a few, the first usually "any". */
export function RadioFilter<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T | '';
  options: readonly RadioOption<T>[];
  onChange: (value: T | '') => void;
}) {
  const name = useId();
  return (
    <fieldset className="search-filter">
      <legend className="search-filter__legend">{legend}</legend>
      <ul className="search-filter__options">
        {options.map((option) => (
          <li key={option.value || 'any'}>
            <label className="search-filter__option">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <span className="search-filter__label">{option.label}</span>
              {option.count && (
                <span className="search-filter__count" aria-label={option.count.label}>
                  {integer.format(option.count.value)}
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A labelled select of a catalogue list with an "any" first option. */
export function OptionSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly { slug: string; label: string }[] | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const list = options ?? [];
  // A value from a shared link the list does not have (or before it loads) stays selectable.
  const missing = value && !list.some((option) => option.slug === value);
  return (
    <div className="search-filter">
      <label htmlFor={id} className="search-filter__legend">
        {label}
      </label>
      <select
        id={id}
        className="field__control field__control--select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{anyLabel}</option>
        {missing && <option value={value}>{value}</option>}
        {list.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

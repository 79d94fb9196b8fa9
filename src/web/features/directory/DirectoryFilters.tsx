import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useListBusinessServices } from '../../api/generated/business/business';
import { useListCountries, useListCountryStates } from '../../api/generated/catalogue/catalogue';
import type { Option, ProviderServiceOption } from '../../api/generated/model';
import { FieldError } from '../../ui/form/FieldMessages';
import { SERVICE_FAMILIES } from '../../lib/serviceFamilies';
import { familyOf, MAX_RATE } from './searchParams';

const LIST_OPTIONS = { query: { staleTime: Infinity } } as const;

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
    <div className="dir-filters">
      <div className="dir-filters__header">
        <h2 className="dir-filters__title">Filters</h2>
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

function RadioGroup({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="dir-filter">
      <legend className="dir-filter__legend">{legend}</legend>
      <ul className="dir-filter__options">
        {options.map((option) => (
          <li key={option.value || 'any'}>
            <label className="dir-filter__option">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <span>{option.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The families while the catalogue list loads (or when it fails). */
const FALLBACK_SERVICES: ProviderServiceOption[] = SERVICE_FAMILIES.map((family, index) => ({
  id: index + 1,
  slug: family.slug,
  label: family.name,
  parentSlug: null,
  description: family.description,
}));

/** The catalogue's families and sub-families (`GET /account/business/services/all/`). */
export function useServiceOptions(): ProviderServiceOption[] {
  const list = useListBusinessServices(LIST_OPTIONS).data?.data;
  return list?.length ? list : FALLBACK_SERVICES;
}

/** A service's name from the catalogue list, else its slug in words. */
export function serviceLabel(slug: string, options: readonly ProviderServiceOption[]): string {
  const found = options.find((option) => option.slug === slug)?.label;
  if (found) return found;
  const words = (slug.split('/').pop() ?? slug).split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Service: a family, then (when the family has any) one of its sub-families. `value` is the
 * family or `family/sub`; choosing a family clears the sub-family.
 */
export function ServiceFilter({
  value,
  onFamily,
  onSubFamily,
}: {
  value: string | undefined;
  onFamily: (family: string | undefined) => void;
  onSubFamily: (service: string | undefined) => void;
}) {
  const options = useServiceOptions();
  const family = familyOf(value);
  const families = options.filter((option) => !option.parentSlug);
  if (family && !families.some((option) => option.slug === family)) {
    families.push({ id: 0, slug: family, label: serviceLabel(family, options), parentSlug: null, description: '' });
  }
  const subFamilies = family ? options.filter((option) => option.parentSlug === family) : [];
  return (
    <>
      <RadioGroup
        legend="Service"
        value={family ?? ''}
        options={[
          { value: '', label: 'All services' },
          ...families.map((option) => ({ value: option.slug, label: option.label })),
        ]}
        onChange={(next) => onFamily(next || undefined)}
      />
      {family && subFamilies.length > 0 && (
        <RadioGroup
          legend="Area"
          value={value && value !== family ? value : ''}
          options={[
            { value: '', label: `All of ${serviceLabel(family, options)}` },
            ...subFamilies.map((option) => ({ value: option.slug, label: option.label })),
          ]}
          onChange={(next) => onSubFamily(next || family)}
        />
      )}
    </>
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
  options: readonly Pick<Option, 'slug' | 'label'>[] | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const list = options ?? [];
  // A value from a shared link the list does not have (or before it loads) stays selectable.
  const missing = value && !list.some((option) => option.slug === value);
  return (
    <div className="dir-filter">
      <label htmlFor={id} className="dir-filter__legend">
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

/** Country, then its state (province, emirate...) once a country with subdivisions is chosen. */
export function LocationFilter({
  country,
  state,
  onChange,
}: {
  country: string | undefined;
  state: string | undefined;
  onChange: (change: { country?: string; state?: string }) => void;
}) {
  const countries = useListCountries(LIST_OPTIONS).data?.data;
  const chosen = countries?.find((option) => option.code === country);
  const states = useListCountryStates(country ?? 'US', {
    query: { enabled: Boolean(country) && chosen?.hasStates !== false, staleTime: Infinity },
  }).data?.data;
  const stateLabel = chosen?.subdivisionLabel ?? 'State';
  return (
    <>
      <OptionSelect
        label="Country"
        anyLabel="Any country"
        value={country}
        options={countries?.map((option) => ({ slug: option.code, label: option.name }))}
        onChange={(next) => onChange({ country: next, state: undefined })}
      />
      {country && states && states.length > 0 && (
        <OptionSelect
          label={stateLabel}
          anyLabel={`Any ${stateLabel.toLowerCase()}`}
          value={state}
          options={states.map((option) => ({ slug: option.code, label: option.name }))}
          onChange={(next) => onChange({ country, state: next })}
        />
      )}
    </>
  );
}

function parseRate(value: string): number | undefined | null {
  const trimmed = value.replace(/[$,\s]/g, '');
  if (!trimmed) return undefined;
  const number = Number(trimmed);
  return Number.isInteger(number) && number >= 0 && number <= MAX_RATE ? number : null;
}

/** Hourly rate bounds in US dollars, applied together. */
export function RateFilter({
  minRate,
  maxRate,
  onChange,
}: {
  minRate: number | undefined;
  maxRate: number | undefined;
  onChange: (change: { minRate?: number; maxRate?: number }) => void;
}) {
  const id = useId();
  const [min, setMin] = useState(minRate?.toString() ?? '');
  const [max, setMax] = useState(maxRate?.toString() ?? '');
  const [error, setError] = useState<string | undefined>();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextMin = parseRate(min);
    const nextMax = parseRate(max);
    if (nextMin === null || nextMax === null) {
      setError(`Enter whole dollars from 0 to ${MAX_RATE}.`);
      return;
    }
    if (nextMin !== undefined && nextMax !== undefined && nextMin > nextMax) {
      setError('The minimum must not be above the maximum.');
      return;
    }
    setError(undefined);
    onChange({ minRate: nextMin, maxRate: nextMax });
  };

  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <form className="dir-filter" onSubmit={apply} noValidate aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="dir-filter__legend">
        Hourly rate
      </p>
      <p id={hintId} className="dir-filter__hint">
        In US dollars; rates in other currencies are converted.
      </p>
      <div className="dir-filter__pair">
        <label className="dir-filter__small-field">
          <span>Min ($)</span>
          <input
            className="field__control"
            inputMode="numeric"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            placeholder="Any"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </label>
        <label className="dir-filter__small-field">
          <span>Max ($)</span>
          <input
            className="field__control"
            inputMode="numeric"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            placeholder="Any"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </label>
      </div>
      <FieldError id={errorId} message={error} />
      <button type="submit" className="button button--secondary button--small dir-filter__apply">
        Apply rate
      </button>
    </form>
  );
}

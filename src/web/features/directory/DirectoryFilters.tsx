import { useId, useState, type FormEvent } from 'react';
import { useListBusinessServices } from '@/api/generated/business/business';
import { useListCountries, useListCountryStates } from '@/api/generated/catalogue/catalogue';
import type { CatalogueServiceFamily, ProviderServiceOption } from '@/api/generated/model';
import { FieldError } from '@/ui/form/FieldMessages';
import { useServiceFamilyList } from '@/ui/serviceFamilyList';
import { OptionSelect, RadioFilter } from '@/ui/search-page/Filters';
import { familyOf, MAX_RATE } from './searchParams';

const LIST_OPTIONS = { query: { staleTime: Infinity } } as const;

/**
 * The catalogue call's families (`GET /service/families/all/`) as service options, each
 * followed by its sub-families (`family/sub`), as the services list names them.
 */
export function familyServiceOptions(families: readonly CatalogueServiceFamily[]): ProviderServiceOption[] {
  let id = 0;
  return families.flatMap((family) => [
    { id: ++id, slug: family.slug, label: family.name, parentSlug: null, description: family.description },
    ...family.subFamilies.map((sub) => ({
      id: ++id,
      slug: `${family.slug}/${sub.slug}`,
      label: sub.name,
      parentSlug: family.slug,
      description: sub.description,
    })),
  ]);
}

/**
 * The catalogue's families and sub-families (`GET /account/business/services/all/`); while it
 * loads (or when it fails), the public family list's, so no family is written into the app.
 */
export function useServiceOptions(): ProviderServiceOption[] {
  const list = useListBusinessServices(LIST_OPTIONS).data?.data;
  const families = useServiceFamilyList().families;
  if (list?.length) return list;
  return families ? familyServiceOptions(families) : [];
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
      <RadioFilter
        legend="Service"
        value={family ?? ''}
        options={[
          { value: '', label: 'All services' },
          ...families.map((option) => ({ value: option.slug, label: option.label })),
        ]}
        onChange={(next) => onFamily(next || undefined)}
      />
      {family && subFamilies.length > 0 && (
        <RadioFilter
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
    <form className="search-filter" onSubmit={apply} noValidate aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="search-filter__legend">
        Hourly rate
      </p>
      <p id={hintId} className="search-filter__hint">
        In US dollars; rates in other currencies are converted.
      </p>
      <div className="search-filter__pair">
        <label className="search-filter__small-field">
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
        <label className="search-filter__small-field">
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
      <button type="submit" className="button button--secondary button--small search-filter__apply">
        Apply rate
      </button>
    </form>
  );
}

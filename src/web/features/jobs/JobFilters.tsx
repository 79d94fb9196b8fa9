import { useId, useState, type FormEvent } from 'react';
import { useListCurrencies, useListPaymentTypes, useListProjectDurations } from '@/api/generated/catalogue/catalogue';
import type { ServiceRequestFamilyFacet } from '@/api/generated/model';
import { FieldError } from '@/ui/form/FieldMessages';
import { FilterPanel, OptionSelect, RadioFilter } from '@/ui/search-page/Filters';
import { countOf } from '@/lib/format';
import { DEFAULT_CURRENCY, POSTED_WITHIN_OPTIONS, type JobSearch, type PostedWithin } from './searchParams';
import { useServiceFamilyList } from '@/ui/serviceFamilyList';
import { familyName, familyOptions, subFamiliesOf } from './subFamilies';

interface JobFiltersProps {
  search: JobSearch;
  /** The family in effect: the path's, else `?family=`. */
  family: string | undefined;
  /** Every family of the catalogue with its count, from the last answer; absent while the first one loads. */
  facets: readonly ServiceRequestFamilyFacet[] | undefined;
  onChange: (change: Partial<JobSearch>) => void;
  onFamily: (family: string | undefined) => void;
  onClear: () => void;
  activeCount: number;
}

/** A family's count of jobs beside its name. */
function jobCount(value: number | undefined) {
  return value === undefined ? undefined : { value, label: countOf(value, 'job') };
}

function parseAmount(value: string): number | undefined | null {
  const trimmed = value.replace(/,/g, '').trim();
  if (!trimmed) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) && number >= 0 && number <= 100_000_000 ? number : null;
}

/** Budget bounds and their currency, applied together (the server compares converted ranges). */
function BudgetFilter({ search, onChange }: { search: JobSearch; onChange: (change: Partial<JobSearch>) => void }) {
  const id = useId();
  const [min, setMin] = useState(search.budgetMin?.toString() ?? '');
  const [max, setMax] = useState(search.budgetMax?.toString() ?? '');
  const [currency, setCurrency] = useState(search.currency ?? DEFAULT_CURRENCY);
  const [error, setError] = useState<string | undefined>();
  const currencies = useListCurrencies({ query: { staleTime: Infinity } }).data?.data;
  const codes = currencies?.length ? currencies : [{ code: DEFAULT_CURRENCY, name: 'US Dollar' }];
  const errorId = `${id}-error`;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const budgetMin = parseAmount(min);
    const budgetMax = parseAmount(max);
    if (budgetMin === null || budgetMax === null) {
      setError('Enter amounts as whole numbers, such as 5000.');
      return;
    }
    if (budgetMin !== undefined && budgetMax !== undefined && budgetMin > budgetMax) {
      setError('The minimum must not be above the maximum.');
      return;
    }
    setError(undefined);
    onChange({ budgetMin, budgetMax, currency });
  };

  return (
    <form className="search-filter" onSubmit={apply} noValidate aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="search-filter__legend">
        Budget
      </p>
      <div className="search-filter__pair">
        <label className="search-filter__small-field">
          <span>Min</span>
          <input
            className="field__control"
            inputMode="numeric"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            placeholder="Any"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <label className="search-filter__small-field">
          <span>Max</span>
          <input
            className="field__control"
            inputMode="numeric"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            placeholder="Any"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <label className="search-filter__small-field">
          <span>Currency</span>
          <select
            className="field__control field__control--select"
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
          >
            {!codes.some((option) => option.code === currency) && <option value={currency}>{currency}</option>}
            {codes.map((option) => (
              <option key={option.code} value={option.code}>
                {option.code}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FieldError id={errorId} message={error} />
      <button type="submit" className="button button--secondary button--small search-filter__apply">
        Apply budget
      </button>
    </form>
  );
}

/** The sidebar: family (with counts), sub-family, budget, duration, payment type and age. */
export function JobFilters({ search, family, facets, onChange, onFamily, onClear, activeCount }: JobFiltersProps) {
  const durations = useListProjectDurations({ query: { staleTime: Infinity } }).data?.data;
  const paymentTypes = useListPaymentTypes({ query: { staleTime: Infinity } }).data?.data;
  const counts = new Map(facets?.map((facet) => [facet.slug, facet.count]));
  const total = facets ? facets.reduce((sum, facet) => sum + facet.count, 0) : undefined;
  const catalogue = useServiceFamilyList().families;
  const families = familyOptions(facets, catalogue);
  // A family from the URL stays checked while the list is still the fallback one.
  if (family && !families.some((option) => option.slug === family)) {
    families.push({ slug: family, name: familyName(family, facets, catalogue) });
  }
  const subFamilies = family ? subFamiliesOf(family, undefined, catalogue) : [];

  return (
    <FilterPanel activeCount={activeCount} onClear={onClear}>
      <RadioFilter<string>
        legend="Service"
        value={family ?? ''}
        options={[
          { value: '', label: 'All services', count: jobCount(total) },
          ...families.map((option) => ({
            value: option.slug,
            label: option.name,
            count: jobCount(facets ? (counts.get(option.slug) ?? 0) : undefined),
          })),
        ]}
        onChange={(value) => onFamily(value || undefined)}
      />
      {subFamilies.length > 0 && (
        <RadioFilter<string>
          legend="Area"
          value={search.subFamily && subFamilies.some((s) => s.slug === search.subFamily) ? search.subFamily : ''}
          options={[
            { value: '', label: 'All areas' },
            ...subFamilies.map((option) => ({ value: option.slug, label: option.name })),
          ]}
          onChange={(value) => onChange({ subFamily: value || undefined })}
        />
      )}
      <BudgetFilter
        key={`${search.budgetMin ?? ''}|${search.budgetMax ?? ''}|${search.currency ?? ''}`}
        search={search}
        onChange={onChange}
      />
      <OptionSelect
        label="Project duration"
        anyLabel="Any duration"
        value={search.projectDuration}
        options={durations}
        onChange={(projectDuration) => onChange({ projectDuration })}
      />
      <OptionSelect
        label="Payment type"
        anyLabel="Any payment type"
        value={search.paymentType}
        options={paymentTypes}
        onChange={(paymentType) => onChange({ paymentType })}
      />
      <RadioFilter<PostedWithin>
        legend="Posted"
        value={search.postedWithin ?? ''}
        options={[{ value: '', label: 'Any time' }, ...POSTED_WITHIN_OPTIONS]}
        onChange={(value) => onChange({ postedWithin: value || undefined })}
      />
    </FilterPanel>
  );
}

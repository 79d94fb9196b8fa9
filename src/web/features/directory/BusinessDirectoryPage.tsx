import './directory.css';
import { useCallback, useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  useListAverageHourlyRates,
  useListMinimumProjectSizes,
  useListPublicBusinessProfiles,
  useListTotalEmployeeRanges,
} from '@/api/generated/business/business';
import type { BusinessDirectorySort } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { NotFoundPage } from '@/ui/ErrorPage';
import { countOf } from '@/lib/format';
import { FilterPanel, OptionSelect } from '@/ui/search-page/Filters';
import { SearchPageLayout, useSearchText } from '@/ui/search-page/SearchPageLayout';
import { SearchResults } from '@/ui/search-page/SearchResults';
import { LocationFilter, serviceLabel, ServiceFilter, useServiceOptions } from './DirectoryFilters';
import { BusinessCard, ProviderCardSkeleton } from './ProviderCards';
import {
  BUSINESS_SORTS,
  businessFilterCount,
  businessService,
  businessWithoutFilters,
  familyOf,
  MAX_QUERY_LENGTH,
  nextSearch,
  parseBusinessSearch,
  toBusinessParams,
  type BusinessSearch,
} from './searchParams';

const LIST_OPTIONS = { query: { staleTime: Infinity } } as const;

/** What the order after the sponsored listings is, in the words of the sort. */
function orderWords(sort: BusinessDirectorySort, hasText: boolean): string {
  switch (sort) {
    case 'relevance':
      return hasText ? 'how well they match your search' : 'rating, highest first';
    case 'rating':
      return 'rating, highest first';
    case 'newest':
      return 'when they joined, newest first';
    case 'name':
      return 'name, A to Z';
  }
}

/** "How results are ranked": sponsored listings first, then the sort chosen. */
function RankingNote({ sort, hasText }: { sort: BusinessDirectorySort; hasText: boolean }) {
  return (
    <details className="directory-ranking">
      <summary>How results are ranked</summary>
      <p>
        Sponsored listings come first: businesses on our Featured plan that match your search and filters, marked
        &ldquo;Sponsored&rdquo;. All other businesses follow, ordered by {orderWords(sort, hasText)}, as the sort says.{' '}
        <Link to="/pricing/">About plans</Link>
      </p>
    </details>
  );
}

/**
 * Where a directory state lives: /find/{family}/businesses/ with a family (`service` then only
 * carries one of its sub-families), /find/businesses/ without.
 */
export function businessesLocation(family: string | undefined, search: BusinessSearch) {
  if (!family) return { to: '/find/businesses/', search } as const;
  const { service, ...rest } = search;
  const sub = service?.startsWith(`${family}/`) ? { service } : {};
  return { to: '/find/$service/businesses/', params: { service: family }, search: { ...rest, ...sub } } as const;
}

interface BusinessDirectoryPageProps {
  /** The family of /find/{service}/businesses/; absent on /find/businesses/. */
  pathService?: string;
  search: BusinessSearch;
}

/** The business directory (B23): search text, filters, order and page all in the URL. */
export function BusinessDirectoryPage({ pathService, search: routeSearch }: BusinessDirectoryPageProps) {
  // The router keeps raw params beside the validated ones: only what parses again counts.
  const search = useMemo(() => parseBusinessSearch({ ...routeSearch }), [routeSearch]);
  const navigate = useNavigate();
  const services = useServiceOptions();
  const rates = useListAverageHourlyRates(LIST_OPTIONS).data?.data;
  const sizes = useListMinimumProjectSizes(LIST_OPTIONS).data?.data;
  const employees = useListTotalEmployeeRanges(LIST_OPTIONS).data?.data;

  const service = businessService(search, pathService);
  const family = pathService ?? familyOf(search.service);
  const result = useListPublicBusinessProfiles(toBusinessParams(search, pathService), {
    query: { placeholderData: keepPreviousData },
  });
  const data = result.data?.data;
  const activeCount = businessFilterCount(search, pathService);
  const hasText = Boolean(search.q);

  const go = useCallback(
    (nextFamily: string | undefined, next: BusinessSearch, replace = false) => {
      void navigate({ ...businessesLocation(nextFamily, next), replace, resetScroll: false });
    },
    [navigate],
  );
  const change = (changeSet: Partial<BusinessSearch>) => go(family, nextSearch(parseBusinessSearch, search, changeSet));
  const clearFilters = () => go(undefined, businessWithoutFilters(search));
  const onSearch = useSearchText(
    useCallback(
      (text: string | undefined, replace: boolean) =>
        go(family, nextSearch(parseBusinessSearch, search, { q: text }), replace),
      [family, search, go],
    ),
  );

  if (result.isError && !data && pathService && !search.service) {
    const error = result.error;
    // The catalogue has no service of that path: the page does not exist.
    if (
      error instanceof ApiError &&
      error.httpStatus === 400 &&
      error.body.errors?.some((fieldError) => fieldError.field === 'query.service')
    ) {
      return <NotFoundPage />;
    }
  }

  const familyName = family ? serviceLabel(family, services) : undefined;
  const title = familyName ? `${familyName} businesses` : 'Find businesses';
  const lead =
    (family && services.find((option) => option.slug === family)?.description) ||
    'Agencies, consultancies and firms with a complete profile. Compare services, rates and reviews, then contact them from their page.';
  // The bands' selects; `nextSearch` parses the change again, so only a known band is kept.
  const bandFilters = [
    { key: 'hourlyRate', label: 'Hourly rate', anyLabel: 'Any rate', options: rates },
    { key: 'minProjectSize', label: 'Minimum project size', anyLabel: 'Any project size', options: sizes },
    { key: 'employees', label: 'Employees', anyLabel: 'Any team size', options: employees },
  ] as const;

  return (
    <SearchPageLayout
      title={title}
      lead={lead}
      breadcrumb={
        familyName ? { parent: <Link to="/find/businesses/">Businesses</Link>, current: familyName } : undefined
      }
      search={{
        value: search.q,
        label: 'Search businesses',
        placeholder: 'Search by name, service or tool, e.g. NetSuite',
        maxLength: MAX_QUERY_LENGTH,
        onSearch,
      }}
      filters={
        <FilterPanel activeCount={activeCount} onClear={clearFilters}>
          <ServiceFilter
            value={service}
            onFamily={(next) => go(next, nextSearch(parseBusinessSearch, search, { service: undefined }))}
            onSubFamily={(next) => change({ service: next })}
          />
          <LocationFilter country={search.country} state={search.state} onChange={change} />
          {bandFilters.map((filter) => (
            <OptionSelect
              key={filter.key}
              label={filter.label}
              anyLabel={filter.anyLabel}
              value={search[filter.key]}
              options={filter.options}
              onChange={(value) => change({ [filter.key]: value })}
            />
          ))}
        </FilterPanel>
      }
      activeCount={activeCount}
      countText={data ? countOf(data.pagination.total, 'business', 'businesses') : 'Loading businesses…'}
      sort={{
        value: search.sort ?? 'relevance',
        options: BUSINESS_SORTS,
        onChange: (value) => change({ sort: value as BusinessDirectorySort }),
      }}
      stale={result.isPlaceholderData}
      busy={result.isFetching}
      pages={
        data && {
          page: data.pagination.page,
          totalPages: data.pagination.totalPages,
          renderLink: (page, children, props) => (
            <Link {...businessesLocation(family, nextSearch(parseBusinessSearch, search, { page }))} {...props}>
              {children}
            </Link>
          ),
        }
      }
    >
      <RankingNote sort={search.sort ?? 'relevance'} hasText={hasText} />
      <SearchResults
        result={result}
        data={data}
        noun="businesses"
        Skeleton={ProviderCardSkeleton}
        page={search.page ?? 1}
        firstPage={(props) => (
          <Link {...businessesLocation(family, nextSearch(parseBusinessSearch, search, {}))} {...props} />
        )}
        nothingYet={{
          title: 'No businesses listed yet',
          text: 'Businesses appear here once their profile is complete.',
          action: (
            <Link to="/business-listing/" className="button button--primary">
              List your business
            </Link>
          ),
        }}
        activeCount={activeCount}
        hasText={hasText}
        onClearFilters={clearFilters}
        onClearSearch={() => go(family, nextSearch(parseBusinessSearch, search, { q: undefined }))}
        renderItem={(business) => ({ key: business.companyId, card: <BusinessCard business={business} /> })}
      />
    </SearchPageLayout>
  );
}

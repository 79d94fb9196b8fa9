import './directory.css';
import { useCallback, useMemo, useRef } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  useListAverageHourlyRates,
  useListMinimumProjectSizes,
  useListPublicBusinessProfiles,
  useListTotalEmployeeRanges,
} from '../../api/generated/business/business';
import type {
  BusinessAverageHourlyRate,
  BusinessDirectorySort,
  BusinessMinimumProjectSize,
  BusinessTotalEmployees,
} from '../../api/generated/model';
import { ApiError } from '../../api/mutator';
import { NotFoundPage } from '../../ui/ErrorPage';
import { Pagination } from '../../ui/Pagination';
import { countOf } from '../profiles/format';
import { DirectoryLayout, DirectoryState } from './DirectoryLayout';
import {
  FilterPanel,
  LocationFilter,
  OptionSelect,
  serviceLabel,
  ServiceFilter,
  useServiceOptions,
} from './DirectoryFilters';
import { DirectorySearchBox } from './DirectorySearchBox';
import { BusinessCard, ProviderCardSkeleton } from './ProviderCards';
import {
  BUSINESS_SORTS,
  businessFilterCount,
  businessService,
  businessWithoutFilters,
  familyOf,
  nextSearch,
  parseBusinessSearch,
  toBusinessParams,
  type BusinessSearch,
} from './searchParams';

const SKELETON_CARDS = 4;
const LIST_OPTIONS = { query: { staleTime: Infinity } } as const;

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
  const typingEntry = useRef(false);
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
  const onSearch = useCallback(
    (text: string | undefined, how: 'typing' | 'submit') => {
      const replace = how === 'typing' && typingEntry.current;
      typingEntry.current = how === 'typing';
      go(family, nextSearch(parseBusinessSearch, search, { q: text }), replace);
    },
    [family, search, go],
  );

  const familyName = family ? serviceLabel(family, services) : undefined;
  const title = familyName ? `${familyName} businesses` : 'Find businesses';
  const lead =
    (family && services.find((option) => option.slug === family)?.description) ||
    'Agencies, consultancies and firms with a complete profile. Compare services, rates and reviews, then contact them from their page.';

  let content;
  if (result.isPending) {
    content = (
      <div className="provider-list" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <ProviderCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (result.isError && !data) {
    const error = result.error;
    const badService =
      error instanceof ApiError &&
      error.httpStatus === 400 &&
      error.body.errors?.some((fieldError) => fieldError.field === 'query.service');
    // The catalogue has no service of that path: the page does not exist.
    if (pathService && badService && !search.service) return <NotFoundPage />;
    content = (
      <DirectoryState
        error
        title="We could not load the businesses"
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => void result.refetch()}>
              Try again
            </button>
            {activeCount > 0 && (
              <button type="button" className="button button--secondary" onClick={clearFilters}>
                Clear filters
              </button>
            )}
          </>
        }
      >
        {error instanceof ApiError && error.httpStatus === 400
          ? 'Some of the filters were not accepted. Clear them and try again.'
          : 'Something went wrong on our side or with the connection.'}
      </DirectoryState>
    );
  } else if (data && data.items.length === 0) {
    if (data.pagination.total > 0) {
      content = (
        <DirectoryState
          title={`There is no page ${search.page ?? 1}`}
          actions={
            <Link
              {...businessesLocation(family, nextSearch(parseBusinessSearch, search, {}))}
              className="button button--secondary"
            >
              Go to the first page
            </Link>
          }
        >
          The results end on page {data.pagination.totalPages}.
        </DirectoryState>
      );
    } else if (activeCount === 0 && !hasText) {
      content = (
        <DirectoryState
          title="No businesses listed yet"
          actions={
            <Link to="/business-listing/" className="button button--primary">
              List your business
            </Link>
          }
        >
          Businesses appear here once their profile is complete.
        </DirectoryState>
      );
    } else {
      content = (
        <DirectoryState
          title="No businesses match your search"
          actions={
            <>
              {activeCount > 0 && (
                <button type="button" className="button button--primary" onClick={clearFilters}>
                  Clear filters
                </button>
              )}
              {hasText && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => go(family, nextSearch(parseBusinessSearch, search, { q: undefined }))}
                >
                  Clear search
                </button>
              )}
            </>
          }
        >
          Try fewer filters{hasText ? ' or different words' : ''}.
        </DirectoryState>
      );
    }
  } else if (data) {
    content = (
      <ul className="provider-list">
        {data.items.map((business) => (
          <li key={business.companyId}>
            <BusinessCard business={business} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DirectoryLayout
      title={title}
      lead={lead}
      breadcrumb={
        familyName && (
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/find/businesses/">Businesses</Link>
              </li>
              <li aria-current="page">{familyName}</li>
            </ol>
          </nav>
        )
      }
      searchBox={
        <DirectorySearchBox
          value={search.q}
          label="Search businesses"
          placeholder="Search by name, service or tool, e.g. NetSuite"
          onSearch={onSearch}
        />
      }
      filters={
        <FilterPanel activeCount={activeCount} onClear={clearFilters}>
          <ServiceFilter
            value={service}
            onFamily={(next) => go(next, nextSearch(parseBusinessSearch, search, { service: undefined }))}
            onSubFamily={(next) => change({ service: next })}
          />
          <LocationFilter country={search.country} state={search.state} onChange={change} />
          <OptionSelect
            label="Hourly rate"
            anyLabel="Any rate"
            value={search.hourlyRate}
            options={rates}
            onChange={(value) => change({ hourlyRate: value as BusinessAverageHourlyRate | undefined })}
          />
          <OptionSelect
            label="Minimum project size"
            anyLabel="Any project size"
            value={search.minProjectSize}
            options={sizes}
            onChange={(value) => change({ minProjectSize: value as BusinessMinimumProjectSize | undefined })}
          />
          <OptionSelect
            label="Employees"
            anyLabel="Any team size"
            value={search.employees}
            options={employees}
            onChange={(value) => change({ employees: value as BusinessTotalEmployees | undefined })}
          />
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
      pagination={
        data && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            renderLink={(page, children, props) => (
              <Link {...businessesLocation(family, nextSearch(parseBusinessSearch, search, { page }))} {...props}>
                {children}
              </Link>
            )}
          />
        )
      }
    >
      {content}
    </DirectoryLayout>
  );
}

import './directory.css';
import { useCallback, useMemo, useRef } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useListPublicFreelancerProfiles } from '../../api/generated/freelancer/freelancer';
import type { FreelancerDirectorySort } from '../../api/generated/model';
import { ApiError } from '../../api/mutator';
import { PATHS } from '../../lib/paths';
import { Pagination } from '../../ui/Pagination';
import { countOf } from '../profiles/format';
import { DirectoryLayout, DirectoryState } from './DirectoryLayout';
import { FilterPanel, LocationFilter, RateFilter, ServiceFilter } from './DirectoryFilters';
import { DirectorySearchBox } from './DirectorySearchBox';
import { FreelancerCard, ProviderCardSkeleton } from './ProviderCards';
import {
  nextSearch,
  parseProfessionalSearch,
  PROFESSIONAL_SORTS,
  professionalFilterCount,
  professionalWithoutFilters,
  toProfessionalParams,
  type ProfessionalSearch,
} from './searchParams';

const SKELETON_CARDS = 4;

const location = (search: ProfessionalSearch) => ({ to: '/find/professionals/', search }) as const;

/** The professionals directory: search text, filters, order and page all in the URL. */
export function ProfessionalDirectoryPage({ search: routeSearch }: { search: ProfessionalSearch }) {
  const search = useMemo(() => parseProfessionalSearch({ ...routeSearch }), [routeSearch]);
  const navigate = useNavigate();
  const typingEntry = useRef(false);
  const result = useListPublicFreelancerProfiles(toProfessionalParams(search), {
    query: { placeholderData: keepPreviousData },
  });
  const data = result.data?.data;
  const activeCount = professionalFilterCount(search);
  const hasText = Boolean(search.q);

  const go = useCallback(
    (next: ProfessionalSearch, replace = false) => {
      void navigate({ ...location(next), replace, resetScroll: false });
    },
    [navigate],
  );
  const change = (changeSet: Partial<ProfessionalSearch>) => go(nextSearch(parseProfessionalSearch, search, changeSet));
  const clearFilters = () => go(professionalWithoutFilters(search));
  const onSearch = useCallback(
    (text: string | undefined, how: 'typing' | 'submit') => {
      const replace = how === 'typing' && typingEntry.current;
      typingEntry.current = how === 'typing';
      go(nextSearch(parseProfessionalSearch, search, { q: text }), replace);
    },
    [search, go],
  );

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
    content = (
      <DirectoryState
        error
        title="We could not load the professionals"
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
            <Link {...location(nextSearch(parseProfessionalSearch, search, {}))} className="button button--secondary">
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
          title="No professionals listed yet"
          actions={
            <Link to={PATHS.freelancerSignup} className="button button--primary">
              Join as a freelancer
            </Link>
          }
        >
          Freelancers appear here once their profile is complete.
        </DirectoryState>
      );
    } else {
      content = (
        <DirectoryState
          title="No professionals match your search"
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
                  onClick={() => go(nextSearch(parseProfessionalSearch, search, { q: undefined }))}
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
        {data.items.map((freelancer) => (
          <li key={freelancer.uid}>
            <FreelancerCard freelancer={freelancer} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DirectoryLayout
      title="Find professionals"
      lead="Independent consultants and freelancers with a complete profile. Search by skill or tool, then compare rates, services and reviews."
      searchBox={
        <DirectorySearchBox
          value={search.q}
          label="Search professionals"
          placeholder="Search by name, skill or tool, e.g. Power BI"
          onSearch={onSearch}
        />
      }
      filters={
        <FilterPanel activeCount={activeCount} onClear={clearFilters}>
          <ServiceFilter
            value={search.service}
            onFamily={(service) => change({ service })}
            onSubFamily={(service) => change({ service })}
          />
          <LocationFilter country={search.country} state={search.state} onChange={change} />
          <RateFilter
            key={`${search.minRate ?? ''}|${search.maxRate ?? ''}`}
            minRate={search.minRate}
            maxRate={search.maxRate}
            onChange={change}
          />
        </FilterPanel>
      }
      activeCount={activeCount}
      countText={data ? countOf(data.pagination.total, 'professional') : 'Loading professionals…'}
      sort={{
        value: search.sort ?? 'relevance',
        options: PROFESSIONAL_SORTS,
        onChange: (value) => change({ sort: value as FreelancerDirectorySort }),
      }}
      stale={result.isPlaceholderData}
      busy={result.isFetching}
      pagination={
        data && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            renderLink={(page, children, props) => (
              <Link {...location(nextSearch(parseProfessionalSearch, search, { page }))} {...props}>
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

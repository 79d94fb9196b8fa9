import './directory.css';
import { useCallback, useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useListPublicFreelancerProfiles } from '@/api/generated/freelancer/freelancer';
import type { FreelancerDirectorySort } from '@/api/generated/model';
import { PATHS } from '@/lib/paths';
import { countOf } from '@/lib/format';
import { FilterPanel } from '@/ui/search-page/Filters';
import { SearchPageLayout, useSearchText } from '@/ui/search-page/SearchPageLayout';
import { SearchResults } from '@/ui/search-page/SearchResults';
import { LocationFilter, RateFilter, ServiceFilter } from './DirectoryFilters';
import { FreelancerCard, ProviderCardSkeleton } from './ProviderCards';
import {
  MAX_QUERY_LENGTH,
  nextSearch,
  parseProfessionalSearch,
  PROFESSIONAL_SORTS,
  professionalFilterCount,
  professionalWithoutFilters,
  toProfessionalParams,
  type ProfessionalSearch,
} from './searchParams';

const location = (search: ProfessionalSearch) => ({ to: '/find/professionals/', search }) as const;

/** The professionals directory: search text, filters, order and page all in the URL. */
export function ProfessionalDirectoryPage({ search: routeSearch }: { search: ProfessionalSearch }) {
  const search = useMemo(() => parseProfessionalSearch({ ...routeSearch }), [routeSearch]);
  const navigate = useNavigate();
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
  const onSearch = useSearchText(
    useCallback(
      (text: string | undefined, replace: boolean) =>
        go(nextSearch(parseProfessionalSearch, search, { q: text }), replace),
      [search, go],
    ),
  );

  return (
    <SearchPageLayout
      title="Find professionals"
      lead="Independent consultants and freelancers with a complete profile. Search by skill or tool, then compare rates, services and reviews."
      search={{
        value: search.q,
        label: 'Search professionals',
        placeholder: 'Search by name, skill or tool, e.g. Power BI',
        maxLength: MAX_QUERY_LENGTH,
        onSearch,
      }}
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
      pages={
        data && {
          page: data.pagination.page,
          totalPages: data.pagination.totalPages,
          renderLink: (page, children, props) => (
            <Link {...location(nextSearch(parseProfessionalSearch, search, { page }))} {...props}>
              {children}
            </Link>
          ),
        }
      }
    >
      <SearchResults
        result={result}
        data={data}
        noun="professionals"
        Skeleton={ProviderCardSkeleton}
        page={search.page ?? 1}
        firstPage={(props) => <Link {...location(nextSearch(parseProfessionalSearch, search, {}))} {...props} />}
        nothingYet={{
          title: 'No professionals listed yet',
          text: 'Freelancers appear here once their profile is complete.',
          action: (
            <Link to={PATHS.freelancerSignup} className="button button--primary">
              Join as a freelancer
            </Link>
          ),
        }}
        activeCount={activeCount}
        hasText={hasText}
        onClearFilters={clearFilters}
        onClearSearch={() => go(nextSearch(parseProfessionalSearch, search, { q: undefined }))}
        renderItem={(freelancer) => ({ key: freelancer.uid, card: <FreelancerCard freelancer={freelancer} /> })}
      />
    </SearchPageLayout>
  );
}

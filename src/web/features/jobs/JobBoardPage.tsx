import './jobs.css';
import { useCallback, useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSearchPublicServiceRequests } from '@/api/generated/requests/requests';
import { ApiError } from '@/api/mutator';
import { useAccountType } from '@/lib/auth';
import { PATHS } from '@/lib/paths';
import { ErrorPage, NotFoundPage } from '@/ui/ErrorPage';
import { countOf } from '@/lib/format';
import { JobCard, JobCardSkeleton } from './JobCard';
import { JobFilters } from './JobFilters';
import { SearchPageLayout, useSearchText } from '@/ui/search-page/SearchPageLayout';
import { SearchResults } from '@/ui/search-page/SearchResults';
import {
  activeFilterCount,
  effectiveSort,
  MAX_QUERY_LENGTH,
  nextSearch,
  parseJobSearch,
  sortOptions,
  withoutFilters,
  type JobSearch,
  type JobSort,
} from './searchParams';
import { toSearchRequest } from './searchRequest';
import { useServiceFamilyList } from '@/ui/serviceFamilyList';
import { familyName, findServiceFamily } from './subFamilies';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';

/** Where a board state lives: /find/{family}/jobs/ with a family, /find/jobs/ without. */
export function boardLocation(family: string | undefined, search: JobSearch) {
  const { family: _ignored, ...rest } = search;
  return family
    ? ({ to: '/find/$service/jobs/', params: { service: family }, search: rest } as const)
    : ({ to: '/find/jobs/', search: rest } as const);
}

interface JobBoardPageProps {
  /** The family of /find/{family}/jobs/ (any slug: the server knows the families); absent on /find/jobs/. */
  pathFamily?: string;
  search: JobSearch;
}

/** The public job board (R07): search text, filters and page all in the URL. */
export function JobBoardPage({ pathFamily, search: routeSearch }: JobBoardPageProps) {
  // The router keeps the URL's raw params beside the validated ones (`?family=Not_A_Slug`
  // survives validateSearch), so only what parses again counts.
  const search = useMemo(() => parseJobSearch({ ...routeSearch }), [routeSearch]);
  const navigate = useNavigate();
  const accountType = useAccountType();
  const catalogue = useServiceFamilyList().families;
  const family = pathFamily ?? search.family;

  const { query, params } = toSearchRequest(search, family);
  const result = useSearchPublicServiceRequests(query, params, {
    query: {
      placeholderData: keepPreviousData,
      // The route's loader asks for the answer (and again when it is stale): the page shows what
      // it got, its failure included, with the retry, rather than asking a second time on mount.
      ...RETRIED_LOADER_READ.query,
      refetchOnMount: false,
    },
  });
  const data = result.data?.data;
  const facets = data?.facets.families;
  const activeCount = activeFilterCount(search, pathFamily);
  const hasText = Boolean(search.q);

  const go = useCallback(
    (nextFamily: string | undefined, next: JobSearch, { replace = false, resetScroll = false } = {}) => {
      void navigate({ ...boardLocation(nextFamily, next), replace, resetScroll });
    },
    [navigate],
  );

  const change = (changeSet: Partial<JobSearch>) => go(family, nextSearch(search, changeSet));
  const chooseFamily = (nextFamily: string | undefined) => go(nextFamily, nextSearch(search, { family: undefined }));
  const clearFilters = () => go(undefined, withoutFilters(search));

  const onSearch = useSearchText(
    useCallback(
      (text: string | undefined, replace: boolean) => go(family, nextSearch(search, { q: text }), { replace }),
      [family, search, go],
    ),
  );

  const name = family ? familyName(family, facets, catalogue) : undefined;
  const description = findServiceFamily(family, catalogue)?.description;
  const title = name ? `Find ${name} jobs` : 'Find jobs';
  const total = data?.pagination.total;

  if (result.isError && !data) {
    const error = result.error;
    if (error instanceof ApiError && error.httpStatus === 403) return <ErrorPage status={403} />;
    // The catalogue has no family of that path: the page does not exist.
    if (
      pathFamily &&
      error instanceof ApiError &&
      error.httpStatus === 400 &&
      error.body.errors?.some((fieldError) => fieldError.field === 'query.family')
    ) {
      return <NotFoundPage />;
    }
  }

  return (
    <SearchPageLayout
      title={title}
      lead={
        description ??
        'Open requests from clients. Search by skill or tool and narrow down by budget, duration and more.'
      }
      breadcrumb={name ? { parent: <Link to="/find/jobs/">Jobs</Link>, current: name } : undefined}
      search={{
        value: search.q,
        label: 'Search jobs',
        placeholder: 'Search by skill, tool or title, e.g. Power BI',
        maxLength: MAX_QUERY_LENGTH,
        onSearch,
      }}
      filters={
        <JobFilters
          search={search}
          family={family}
          facets={facets}
          onChange={change}
          onFamily={chooseFamily}
          onClear={clearFilters}
          activeCount={activeCount}
        />
      }
      activeCount={activeCount}
      countText={total === undefined ? 'Loading jobs…' : countOf(total, 'job')}
      sort={{
        value: effectiveSort(search),
        options: sortOptions(hasText),
        onChange: (value) => change({ sort: value as JobSort }),
      }}
      stale={result.isPlaceholderData}
      busy={result.isFetching}
      pages={
        data && {
          page: data.pagination.page,
          totalPages: data.pagination.totalPages,
          renderLink: (page, children, props) => (
            <Link {...boardLocation(family, nextSearch(search, { page }))} {...props}>
              {children}
            </Link>
          ),
        }
      }
    >
      <SearchResults
        result={result}
        data={data}
        noun="jobs"
        Skeleton={JobCardSkeleton}
        page={search.page ?? 1}
        firstPage={(props) => <Link {...boardLocation(family, nextSearch(search, {}))} {...props} />}
        nothingYet={{
          title: 'No open jobs right now',
          text: 'Clients have not posted any requests that are open for proposals. New ones appear here first.',
          action: !accountType && (
            <Link to={PATHS.signup} className="button button--primary">
              Sign up to be ready
            </Link>
          ),
        }}
        activeCount={activeCount}
        hasText={hasText}
        onClearFilters={clearFilters}
        onClearSearch={() => go(family, nextSearch(search, { q: undefined }))}
        renderItem={(job) => ({ key: job.id, card: <JobCard job={job} /> })}
      />
    </SearchPageLayout>
  );
}

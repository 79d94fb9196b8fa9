import './jobs.css';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSearchPublicServiceRequests } from '../../api/generated/requests/requests';
import { ApiError } from '../../api/mutator';
import { useAccountType } from '../../lib/auth';
import { PATHS } from '../../lib/paths';
import { ErrorPage, NotFoundPage } from '../../ui/ErrorPage';
import { countOf } from './format';
import { JobCard, JobCardSkeleton } from './JobCard';
import { JobFilters } from './JobFilters';
import { JobSearchBox } from './JobSearchBox';
import { Pagination } from '../../ui/Pagination';
import {
  activeFilterCount,
  effectiveSort,
  nextSearch,
  parseJobSearch,
  sortOptions,
  toSearchRequest,
  withoutFilters,
  type JobSearch,
  type JobSort,
} from './searchParams';
import { familyName, findServiceFamily } from './subFamilies';

const SKELETON_CARDS = 4;

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
  const family = pathFamily ?? search.family;
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Typing adds one history entry per search, not one per pause.
  const typingEntry = useRef(false);

  const { query, params } = toSearchRequest(search, family);
  const result = useSearchPublicServiceRequests(query, params, {
    query: { placeholderData: keepPreviousData },
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

  const onSearch = useCallback(
    (text: string | undefined, how: 'typing' | 'submit') => {
      const replace = how === 'typing' && typingEntry.current;
      typingEntry.current = how === 'typing';
      go(family, nextSearch(search, { q: text }), { replace });
    },
    [family, search, go],
  );

  const name = family ? familyName(family, facets) : undefined;
  const description = findServiceFamily(family)?.description;
  const title = name ? `Find ${name} jobs` : 'Find jobs';
  const total = data?.pagination.total;

  let content;
  if (result.isPending) {
    content = (
      <div className="job-list" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <JobCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (result.isError && !data) {
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
    content = (
      <div className="job-state job-state--error" role="alert">
        <h3 className="job-state__title">We could not load the jobs</h3>
        <p>
          {error instanceof ApiError && error.httpStatus === 400
            ? 'Some of the filters were not accepted. Clear them and try again.'
            : 'Something went wrong on our side or with the connection.'}
        </p>
        <div className="job-state__actions">
          <button type="button" className="button button--primary" onClick={() => void result.refetch()}>
            Try again
          </button>
          {activeCount > 0 && (
            <button type="button" className="button button--secondary" onClick={clearFilters}>
              Clear filters
            </button>
          )}
        </div>
      </div>
    );
  } else if (data && data.items.length === 0) {
    if (data.pagination.total > 0) {
      content = (
        <div className="job-state">
          <h3 className="job-state__title">There is no page {search.page}</h3>
          <p>The results end on page {data.pagination.totalPages}.</p>
          <div className="job-state__actions">
            <Link {...boardLocation(family, nextSearch(search, {}))} className="button button--secondary">
              Go to the first page
            </Link>
          </div>
        </div>
      );
    } else if (activeCount === 0 && !hasText) {
      content = (
        <div className="job-state">
          <h3 className="job-state__title">No open jobs right now</h3>
          <p>Clients have not posted any requests that are open for proposals. New ones appear here first.</p>
          {!accountType && (
            <div className="job-state__actions">
              <Link to={PATHS.signup} className="button button--primary">
                Sign up to be ready
              </Link>
            </div>
          )}
        </div>
      );
    } else {
      content = (
        <div className="job-state">
          <h3 className="job-state__title">No jobs match your search</h3>
          <p>Try fewer filters{hasText ? ' or different words' : ''}.</p>
          <div className="job-state__actions">
            {activeCount > 0 && (
              <button type="button" className="button button--primary" onClick={clearFilters}>
                Clear filters
              </button>
            )}
            {hasText && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => go(family, nextSearch(search, { q: undefined }))}
              >
                Clear search
              </button>
            )}
          </div>
        </div>
      );
    }
  } else if (data) {
    content = (
      <ul className="job-list">
        {data.items.map((job) => (
          <li key={job.id}>
            <JobCard job={job} />
          </li>
        ))}
      </ul>
    );
  }

  const sort = effectiveSort(search);

  return (
    <div className="job-board">
      <title>{`${title} | Versimarket`}</title>
      <header className="job-board__hero">
        <div className="container">
          {name && (
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  <Link to="/find/jobs/">Jobs</Link>
                </li>
                <li aria-current="page">{name}</li>
              </ol>
            </nav>
          )}
          <h1 className="job-board__title">{title}</h1>
          <p className="job-board__lead">
            {description ??
              'Open requests from clients. Search by skill or tool and narrow down by budget, duration and more.'}
          </p>
          <JobSearchBox value={search.q} onSearch={onSearch} />
        </div>
      </header>

      <div className="container job-board__layout">
        <button
          type="button"
          className="button button--secondary job-board__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide filters' : 'Filters'}
          {activeCount > 0 && <span className="job-board__filter-badge">{activeCount}</span>}
        </button>
        <aside
          id={filtersId}
          className={`job-board__sidebar${filtersOpen ? ' job-board__sidebar--open' : ''}`}
          aria-label="Filters"
        >
          <JobFilters
            search={search}
            family={family}
            facets={facets}
            onChange={change}
            onFamily={chooseFamily}
            onClear={clearFilters}
            activeCount={activeCount}
          />
        </aside>

        <section className="job-board__results" aria-labelledby="job-results-title" aria-busy={result.isFetching}>
          <div className="job-board__toolbar">
            <h2 id="job-results-title" className="job-board__count" aria-live="polite">
              {total === undefined ? 'Loading jobs…' : countOf(total, 'job')}
            </h2>
            <label className="job-board__sort">
              <span>Sort by</span>
              <select
                className="field__control field__control--select"
                value={sort}
                onChange={(event) => change({ sort: event.target.value as JobSort })}
              >
                {sortOptions(hasText).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className={result.isPlaceholderData ? 'job-board__list job-board__list--stale' : 'job-board__list'}>
            {content}
          </div>
          {data && (
            <Pagination
              page={data.pagination.page}
              totalPages={data.pagination.totalPages}
              renderLink={(page, children, props) => (
                <Link {...boardLocation(family, nextSearch(search, { page }))} {...props}>
                  {children}
                </Link>
              )}
            />
          )}
        </section>
      </div>
    </div>
  );
}

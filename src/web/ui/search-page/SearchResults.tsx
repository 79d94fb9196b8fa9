import type { ComponentType, ReactNode } from 'react';
import { ApiError } from '@/api/mutator';
import { ResultState } from './ResultState';

const SKELETON_CARDS = 4;

interface SearchResultsProps<T> {
  /** The query's state; `data` is the last answer's (kept while a newer one loads). */
  result: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  data: { items: readonly T[]; pagination: { total: number; totalPages: number } } | undefined;
  /** "jobs", "businesses". */
  noun: string;
  /** A card's shape while the first answer loads. */
  Skeleton: ComponentType;
  /** The page asked for. */
  page: number;
  /** A link back to the first page. */
  firstPage: (props: { className: string; children: ReactNode }) => ReactNode;
  /** When nothing is listed at all (no filters, no text). */
  nothingYet: { title: string; text: string; action?: ReactNode };
  activeCount: number;
  hasText: boolean;
  onClearFilters: () => void;
  onClearSearch: () => void;
  renderItem: (item: T) => { key: string; card: ReactNode };
}

/** The results, or what stands in their place: loading cards, an error, an empty page. */
export function SearchResults<T>({
  result,
  data,
  noun,
  Skeleton,
  page,
  firstPage,
  nothingYet,
  activeCount,
  hasText,
  onClearFilters,
  onClearSearch,
  renderItem,
}: SearchResultsProps<T>) {
  if (result.isPending) {
    return (
      <div className="result-list" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Skeleton key={index} />
        ))}
      </div>
    );
  }
  if (result.isError && !data) {
    const error = result.error;
    return (
      <ResultState
        error
        title={`We could not load the ${noun}`}
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => void result.refetch()}>
              Try again
            </button>
            {activeCount > 0 && (
              <button type="button" className="button button--secondary" onClick={onClearFilters}>
                Clear filters
              </button>
            )}
          </>
        }
      >
        {error instanceof ApiError && error.httpStatus === 400
          ? 'Some of the filters were not accepted. Clear them and try again.'
          : 'Something went wrong on our side or with the connection.'}
      </ResultState>
    );
  }
  if (!data) return null;
  if (data.items.length > 0) {
    return (
      <ul className="result-list">
        {data.items.map((item) => {
          const { key, card } = renderItem(item);
          return <li key={key}>{card}</li>;
        })}
      </ul>
    );
  }
  if (data.pagination.total > 0) {
    return (
      <ResultState
        title={`There is no page ${page}`}
        actions={firstPage({ className: 'button button--secondary', children: 'Go to the first page' })}
      >
        The results end on page {data.pagination.totalPages}.
      </ResultState>
    );
  }
  if (activeCount === 0 && !hasText) {
    return (
      <ResultState title={nothingYet.title} actions={nothingYet.action}>
        {nothingYet.text}
      </ResultState>
    );
  }
  return (
    <ResultState
      title={`No ${noun} match your search`}
      actions={
        <>
          {activeCount > 0 && (
            <button type="button" className="button button--primary" onClick={onClearFilters}>
              Clear filters
            </button>
          )}
          {hasText && (
            <button type="button" className="button button--secondary" onClick={onClearSearch}>
              Clear search
            </button>
          )}
        </>
      }
    >
      Try fewer filters{hasText ? ' or different words' : ''}.
    </ResultState>
  );
}

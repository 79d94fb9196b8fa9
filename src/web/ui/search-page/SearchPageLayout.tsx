import { useCallback, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Pagination } from '@/ui/Pagination';
import { SearchBox } from './SearchBox';
import { DocumentTitle } from '../DocumentTitle';

type SearchHow = 'typing' | 'submit';

/**
 * The search box's handler: `apply` gets the text and whether to replace the history entry, as
 * typing adds one entry per search, not one per pause. Give it a stable `apply` (useCallback).
 */
export function useSearchText(apply: (text: string | undefined, replace: boolean) => void) {
  const typingEntry = useRef(false);
  return useCallback(
    (text: string | undefined, how: SearchHow) => {
      const replace = how === 'typing' && typingEntry.current;
      typingEntry.current = how === 'typing';
      apply(text, replace);
    },
    [apply],
  );
}

interface SearchPageLayoutProps {
  title: string;
  lead: string;
  /** On a page below another: the link up and this page's name. */
  breadcrumb?: { parent: ReactNode; current: string };
  search: ComponentProps<typeof SearchBox>;
  /** The filters panel (folds away behind a button on narrow screens). */
  filters: ReactNode;
  activeCount: number;
  /** "12 businesses", "Loading businesses…". */
  countText: string;
  sort: {
    value: string;
    options: readonly { value: string; label: string }[];
    onChange: (value: string) => void;
  };
  /** A newer answer is on its way: the list dims. */
  stale: boolean;
  busy: boolean;
  children: ReactNode;
  /** The pages, once an answer is in. */
  pages?: ComponentProps<typeof Pagination>;
}

/** A search page: a search band, the filters beside (or above) the results, pages below. */
export function SearchPageLayout({
  title,
  lead,
  breadcrumb,
  search,
  filters,
  activeCount,
  countText,
  sort,
  stale,
  busy,
  children,
  pages,
}: SearchPageLayoutProps) {
  const filtersId = useId();
  const countId = useId();
  const sortId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <div className="search-page">
      <DocumentTitle>{`${title} | Versimarket`}</DocumentTitle>
      <header className="page-hero">
        <div className="container">
          {breadcrumb && (
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>{breadcrumb.parent}</li>
                <li aria-current="page">{breadcrumb.current}</li>
              </ol>
            </nav>
          )}
          <h1 className="page-hero__title">{title}</h1>
          <p className="page-hero__lead">{lead}</p>
          <SearchBox {...search} />
        </div>
      </header>

      <div className="container search-page__layout">
        <button
          type="button"
          className="button button--secondary search-page__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide filters' : 'Filters'}
          {activeCount > 0 && (
            <span className="search-page__filter-badge">
              {activeCount}
              <span className="visually-hidden"> applied</span>
            </span>
          )}
        </button>
        <aside
          id={filtersId}
          className={`search-page__sidebar${filtersOpen ? ' search-page__sidebar--open' : ''}`}
          aria-label="Filters"
        >
          {filters}
        </aside>

        <section className="search-page__results" aria-labelledby={countId} aria-busy={busy}>
          <div className="search-page__toolbar">
            <h2 id={countId} className="search-page__count" aria-live="polite">
              {countText}
            </h2>
            <div className="search-page__sort">
              <label htmlFor={sortId}>Sort by</label>
              <select
                id={sortId}
                className="field__control field__control--select"
                value={sort.value}
                onChange={(event) => sort.onChange(event.target.value)}
              >
                {sort.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className={stale ? 'search-page__list search-page__list--stale' : 'search-page__list'}>{children}</div>
          {pages && <Pagination {...pages} />}
        </section>
      </div>
    </div>
  );
}

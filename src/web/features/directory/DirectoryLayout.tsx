import { useId, useState, type ReactNode } from 'react';

interface DirectoryLayoutProps {
  title: string;
  lead: string;
  breadcrumb?: ReactNode;
  searchBox: ReactNode;
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
  pagination?: ReactNode;
}

/** The directories' page: a search band, the filters beside (or above) the results, pages below. */
export function DirectoryLayout({
  title,
  lead,
  breadcrumb,
  searchBox,
  filters,
  activeCount,
  countText,
  sort,
  stale,
  busy,
  children,
  pagination,
}: DirectoryLayoutProps) {
  const filtersId = useId();
  const countId = useId();
  const sortId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <div className="dir-page">
      <title>{`${title} | Versimarket`}</title>
      <header className="dir-page__hero">
        <div className="container">
          {breadcrumb}
          <h1 className="dir-page__title">{title}</h1>
          <p className="dir-page__lead">{lead}</p>
          {searchBox}
        </div>
      </header>

      <div className="container dir-page__layout">
        <button
          type="button"
          className="button button--secondary dir-page__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide filters' : 'Filters'}
          {activeCount > 0 && (
            <span className="dir-page__filter-badge">
              {activeCount}
              <span className="visually-hidden"> applied</span>
            </span>
          )}
        </button>
        <aside
          id={filtersId}
          className={`dir-page__sidebar${filtersOpen ? ' dir-page__sidebar--open' : ''}`}
          aria-label="Filters"
        >
          {filters}
        </aside>

        <section className="dir-page__results" aria-labelledby={countId} aria-busy={busy}>
          <div className="dir-page__toolbar">
            <h2 id={countId} className="dir-page__count" aria-live="polite">
              {countText}
            </h2>
            <div className="dir-page__sort">
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
          <div className={stale ? 'dir-page__list dir-page__list--stale' : 'dir-page__list'}>{children}</div>
          {pagination}
        </section>
      </div>
    </div>
  );
}

/** An empty, error or out-of-range message in place of the results. */
export function DirectoryState({
  title,
  children,
  actions,
  error = false,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  error?: boolean;
}) {
  return (
    <div className={error ? 'dir-state dir-state--error' : 'dir-state'} role={error ? 'alert' : undefined}>
      <h3 className="dir-state__title">{title}</h3>
      <p>{children}</p>
      {actions && <div className="dir-state__actions">{actions}</div>}
    </div>
  );
}

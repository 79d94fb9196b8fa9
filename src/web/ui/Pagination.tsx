import type { ReactNode } from 'react';

export type PageItem = number | 'gap';

/** The pages to offer: the first, the last, and two either side of the current one. */
export function pageItems(current: number, total: number): PageItem[] {
  const pages = new Set<number>([1, total]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 1 && page <= total) pages.add(page);
  const sorted = [...pages].filter((page) => page >= 1).sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) items.push(page - previous === 2 ? previous + 1 : 'gap');
    items.push(page);
  });
  return items;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  /** A link to a page, given its number, the text and its class. */
  renderLink: (page: number, children: ReactNode, props: { className: string; 'aria-label'?: string }) => ReactNode;
}

export function Pagination({ page, totalPages, renderLink }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            renderLink(page - 1, 'Previous', { className: 'pagination__step', 'aria-label': 'Previous page' })
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-hidden="true">
              Previous
            </span>
          )}
        </li>
        {pageItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {item}
                </span>
              ) : (
                renderLink(item, item, { className: 'pagination__page', 'aria-label': `Page ${item}` })
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            renderLink(page + 1, 'Next', { className: 'pagination__step', 'aria-label': 'Next page' })
          ) : (
            <span className="pagination__step pagination__step--disabled" aria-hidden="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

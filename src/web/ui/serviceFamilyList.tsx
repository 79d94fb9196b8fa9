/**
 * The service families as the public pages show them (home, services, about): names,
 * descriptions, icons and the services page's texts, from the catalogue call
 * (`GET /service/families/all/`), so a family added to the server's catalogue data files
 * appears on them with no change to the web app.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getListServiceFamiliesQueryOptions, useListServiceFamilies } from '@/api/generated/catalogue/catalogue';
import type { CatalogueServiceFamily } from '@/api/generated/model';
import { PageTitle } from './ContentHero';
import { InfoIcon } from './icons';
import { LoadingBar } from './LoadingBar';

/** Reference data: the server lets caches keep it an hour, so does the page. */
const FAMILY_LIST_OPTIONS = { query: { staleTime: 60 * 60 * 1000 } } as const;

/**
 * A route's loader: the families fetched before its page shows, so a page that names them
 * (filters, headings, the request chooser) shows the catalogue's names from its first render.
 * A failed call does not stop the page: it shows what it can without them.
 */
export function prefetchServiceFamilies(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(getListServiceFamiliesQueryOptions(FAMILY_LIST_OPTIONS));
}

export type ServiceFamilyState =
  | { status: 'pending'; families?: undefined }
  | { status: 'error'; families?: undefined }
  | { status: 'success'; families: CatalogueServiceFamily[] };

export function useServiceFamilyList(): ServiceFamilyState {
  const query = useListServiceFamilies(FAMILY_LIST_OPTIONS);
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error' };
  return { status: 'success', families: query.data.data };
}

/** What a page says where the families should be when the call failed. */
export function FamilyListProblem() {
  return (
    <div className="content-notice" role="alert">
      <span className="content-notice__icon">
        <InfoIcon />
      </span>
      <p>We could not load the service families just now. Please reload the page to try again.</p>
    </div>
  );
}

/**
 * A page made mostly of the families while they load: it appears whole once they are here, as
 * a lazy route does (the same loading bar, the space kept so the footer does not jump).
 */
export function FamilyListPending({ title }: { title?: string }) {
  return (
    <>
      {title && <PageTitle>{title}</PageTitle>}
      <LoadingBar />
      <div className="content-pending" aria-busy="true" />
    </>
  );
}

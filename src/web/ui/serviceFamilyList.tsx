/**
 * The service families as the public pages show them (home, services, about): names,
 * descriptions, icons and the services page's texts, from the catalogue call
 * (`GET /service/families/all/`), so a family added to the server's catalogue data files
 * appears on them with no change to the web app.
 */
import { useListServiceFamilies } from '@/api/generated/catalogue/catalogue';
import type { CatalogueServiceFamily } from '@/api/generated/model';
import { InfoIcon } from './icons';

/** Reference data: the server lets caches keep it an hour, so does the page. */
const FAMILY_LIST_OPTIONS = { query: { staleTime: 60 * 60 * 1000 } } as const;

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

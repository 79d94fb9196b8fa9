import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { catalogueListLoader } from './catalogueLists';

/** A catalogue list's options, cached for the session like the server's one-hour caching. */
export function useCatalogueOptions(list: string) {
  const load = catalogueListLoader(list);
  useEffect(() => {
    // A form file naming a list nobody answers is a mistake in the form, for its author to see.
    if (!load) console.error(`x-options names an unknown catalogue list "${list}"; the field is disabled.`);
  }, [list, load]);
  const query = useQuery({
    queryKey: ['catalogue-options', list],
    queryFn: () => load!(),
    enabled: Boolean(load),
    staleTime: 60 * 60 * 1000,
  });
  return { known: Boolean(load), ...query };
}

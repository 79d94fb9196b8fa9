import { useListCountryStates } from '@/api/generated/catalogue/catalogue';
import type { Location } from '@/api/generated/model';
import { countryName } from './format';

/**
 * A state's name from its country's list in the catalogue (cached an hour, one call per country
 * however many cards show it); null while it loads or when the code is not in the list, so a
 * page never shows "ENG" for England.
 */
export function useStateName(country: string | null | undefined, state: string | null | undefined): string | null {
  const enabled = Boolean(country && state);
  const states = useListCountryStates(country ?? 'US', { query: { enabled, staleTime: 60 * 60 * 1000 } });
  if (!enabled) return null;
  return states.data?.data.find((entry) => entry.code === state)?.name ?? null;
}

/** "Leeds, England, United Kingdom"; null when there is no place. */
export function usePlace(location: Location | null | undefined): string | null {
  const stateName = useStateName(location?.country, location?.state);
  if (!location) return null;
  return [location.city, stateName, countryName(location.country)].filter(Boolean).join(', ') || null;
}

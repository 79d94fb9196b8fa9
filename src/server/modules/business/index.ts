/** The business module's public face beside its service: the size and rate bands a business picks, with their labels. */
export { AVERAGE_HOURLY_RATES, bandLabel, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES, type BusinessBand } from './lookups';

/** The business module's public face beside its service: the size and rate bands a business picks, with their labels. */
export { AVERAGE_HOURLY_RATES, bandLabel, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES, type BusinessBand } from './lookups';
/** What a business's logo upload is attached to (the account's settings image is the same logo). */
export { LOGO_ATTACHMENT as BUSINESS_LOGO } from './queries';

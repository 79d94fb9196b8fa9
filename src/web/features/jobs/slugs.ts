/* Apart from the sub-families (which read the forms' index), so the routes' checks stay light. */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 80;

/** A catalogue slug's shape: lowercase words joined by single hyphens, at most 80 characters. */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

/**
 * A family slug of the catalogue's shape (`CatalogueServiceFamilySlug`). Whether the catalogue
 * has that family is the server's answer: it refuses an unknown one with a 400 on `query.family`.
 */
export function isFamilySlug(value: unknown): value is string {
  return isSlug(value);
}

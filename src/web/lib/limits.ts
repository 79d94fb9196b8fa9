/**
 * The contract's limits the web forms check before sending, from one place. Lengths and upload
 * types are generated from the contract (src/web/api/generated/limits.ts, `npm run codegen`);
 * the byte sizes are said only in the contract's prose (413 above them), so they are kept here.
 */
import {
  AUTH_LIMITS,
  REVIEW_LIMITS,
  UPLOAD_TYPES as CONTRACT_UPLOAD_TYPES,
  WEBSITE_REQUEST_LIMITS,
} from '@/api/generated/limits';

export { AUTH_LIMITS, REVIEW_LIMITS, WEBSITE_REQUEST_LIMITS };

/** The MIME types each upload takes, as plain strings to test a file's `type` against. */
export const UPLOAD_TYPES: { readonly [K in keyof typeof CONTRACT_UPLOAD_TYPES]: readonly string[] } =
  CONTRACT_UPLOAD_TYPES;

const MB = 1024 * 1024;

/** The largest file each upload takes: images (profile, logo, samples, project images) 5 MB, other files 10 MB. */
export const UPLOAD_BYTES = {
  image: 5 * MB,
  file: 10 * MB,
} as const;

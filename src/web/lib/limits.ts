/**
 * The contract's limits the web forms check before sending, from one place. Lengths, upload
 * types and upload sizes (`x-upload`) are generated from the contract
 * (src/web/api/generated/limits.ts, `npm run codegen`), so the server's limits are the web's.
 */
import {
  AUTH_LIMITS,
  CONTACT_LIMITS,
  REVIEW_LIMITS,
  UPLOAD_LIMITS,
  UPLOAD_TYPES as CONTRACT_UPLOAD_TYPES,
  WEBSITE_REQUEST_LIMITS,
} from '@/api/generated/limits';

export { AUTH_LIMITS, CONTACT_LIMITS, REVIEW_LIMITS, UPLOAD_LIMITS, WEBSITE_REQUEST_LIMITS };

/** The MIME types each upload takes, as plain strings to test a file's `type` against. */
export const UPLOAD_TYPES: { readonly [K in keyof typeof CONTRACT_UPLOAD_TYPES]: readonly string[] } =
  CONTRACT_UPLOAD_TYPES;

/** The largest file each upload takes: images (profile, logo, samples, project images) 5 MB, other files 10 MB. */
export const UPLOAD_BYTES = {
  image: UPLOAD_LIMITS.profileImage.maxFileBytes,
  file: UPLOAD_LIMITS.attachment.maxFileBytes,
} as const;

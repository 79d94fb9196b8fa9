import type { UploadCheck } from '../contract/multipart';
import { viewerOf } from './viewer';

/**
 * The signed-in caller's upload allowance (`upload` in RATE_LIMITS), spent by every call that may
 * carry files: counted when the first file arrives, or after a body without one, so a caller
 * past it stores nothing.
 */
export const spendUploadAllowance: UploadCheck = (request) =>
  request.server.rateLimits.consume('upload', viewerOf(request).userId);

/**
 * The failures a handler or plugin may throw; the error handler turns each into the
 * contract's ErrorEnvelope (`{status: 'error', message, code, errors?}`).
 */

/** The `code` values of common.yaml#/schemas/ErrorEnvelope. */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'csrf_failed'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'not_implemented'
  | 'internal';

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  status: 'error';
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Seconds, sent as `Retry-After` (429 and 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toEnvelope(): ErrorEnvelope {
    return {
      status: 'error',
      message: this.message,
      code: this.code,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
    };
  }
}

export const MESSAGES = {
  validation: 'Please correct the highlighted fields.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  csrf: 'Your session has expired or the security token is missing. Please reload the page and try again.',
  notFound: 'We could not find what you were looking for.',
  notImplemented: 'This feature is not available yet.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

export const validationFailed = (errors: FieldError[], message: string = MESSAGES.validation) =>
  new ApiError(400, 'validation_failed', message, errors);
export const unauthenticated = () => new ApiError(401, 'unauthenticated', MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, 'forbidden', message);
export const csrfFailed = () => new ApiError(403, 'csrf_failed', MESSAGES.csrf);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    'rate_limited',
    `Too many attempts. Please try again in ${waitingTime(retryAfterSeconds)}.`,
    undefined,
    retryAfterSeconds,
  );
export const notImplemented = () => new ApiError(501, 'not_implemented', MESSAGES.notImplemented);

/** "45 seconds", "15 minutes": a wait the way a person says it. */
function waitingTime(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

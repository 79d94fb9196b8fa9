import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** Query parameters whose values are secrets (the Google callback's `state` is the CSRF token). */
const SECRET_QUERY = /token|code|state|secret|password|session|signature/i;
/** Path segments that look like tokens from email links or OAuth codes; uuids stay readable. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_\-.~%]{24,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A URL fit for the logs: token-like path segments and secret query values replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) && !UUID.test(segment) ? '[redacted]' : segment))
    .join('/');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, '[redacted]');
  return `${safePath}?${params.toString()}`;
}

/**
 * Pino options: never the body, cookies, the CSRF header or password and token fields, even if
 * someone logs a request or an object holding them.
 */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-csrf-token"]',
        'body',
        'req.body',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.csrfToken',
        '*.sessionToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toFieldErrors, type RequestPart } from '../contract/validation-errors';
import { MULTIPART_LIMITS } from '../contract/multipart';
import { ApiError, MESSAGES, validationFailed, type ErrorCode } from '../errors';

const JSON_LIMIT_MESSAGE = 'The request is too large. The limit is 1 MB.';
const FILE_LIMIT_MESSAGE = 'The file is too large. The limit is 10 MB.';

/** Codes for 4xx answers raised by Fastify or its plugins rather than by our code. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

/** Any error, ours or the framework's, as the contract's envelope. Unknown ones are 500s. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError & { validationContext?: RequestPart };
  if (fastifyError.validation) {
    return validationFailed(toFieldErrors(fastifyError.validation, fastifyError.validationContext ?? 'body'));
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validationFailed([{ field: 'body', message: 'must be valid JSON' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationFailed([{ field: 'body', message: 'must not be empty when sent as JSON' }]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', JSON_LIMIT_MESSAGE);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'validation_failed', 'This content type is not supported. Send JSON.', [
        { field: 'body', message: 'must be sent as application/json' },
      ]);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', FILE_LIMIT_MESSAGE);
    case 'FST_FILES_LIMIT':
      return new ApiError(413, 'payload_too_large', `Too many files. The limit is ${MULTIPART_LIMITS.files}.`);
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return validationFailed([{ field: 'path', message: 'is not a valid address' }]);
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new ApiError(413, 'payload_too_large', 'The request is too large.');
    return new ApiError(status, CODE_BY_STATUS[status] ?? 'validation_failed', messageFor(status), [
      ...(CODE_BY_STATUS[status] ? [] : [{ field: 'body', message: 'could not be read' }]),
    ]);
  }
  return new ApiError(500, 'internal', MESSAGES.internal);
}

function messageFor(status: number): string {
  if (status === 401) return MESSAGES.unauthenticated;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  return 'The request could not be understood. Please check it and try again.';
}

export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  if (!(error instanceof ApiError)) {
    // Ours are expected answers; anything else is either the framework refusing a request or a bug.
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ code: (error as FastifyError).code, statusCode: apiError.statusCode }, error.message);
  }
  if (apiError.retryAfter !== undefined) reply.header('retry-after', String(apiError.retryAfter));
  return reply.code(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toEnvelope());
}

/** A request Node's HTTP parser refused before Fastify saw it, as the envelope. */
function clientApiError(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      // The address counts too: a 100 KB URL overflows like a 20 KB header.
      return new ApiError(431, 'payload_too_large', 'The request address or headers are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'validation_failed', 'The request took too long to arrive. Please try again.', [
        { field: 'body', message: 'did not arrive in time' },
      ]);
    default:
      return validationFailed(
        [{ field: 'request', message: 'is not a well-formed HTTP request' }],
        'The request could not be understood. Please check it and try again.',
      );
  }
}

/**
 * Fastify's `clientErrorHandler`: a malformed request line, oversized headers or a request that
 * never finished arriving are answered on the raw socket, since no route or reply exists yet;
 * this writes the same envelope every other answer carries instead of Fastify's own body.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is gone: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError = clientApiError(error.code);
  this.log.info({ code: error.code, statusCode: apiError.statusCode }, 'refused a malformed request');
  if (socket.writable) {
    const body = JSON.stringify(apiError.toEnvelope());
    socket.write(
      [
        `HTTP/1.1 ${apiError.statusCode} ${STATUS_CODES[apiError.statusCode] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/** The one error handler: every failure leaves as `{status: 'error', message, code, errors?}`. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  },
  { name: 'error-envelope' },
);

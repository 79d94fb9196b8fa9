import type { FastifyRequest } from 'fastify';
import { ApiError, validationFailed } from '../errors';
import type { ContractOperation } from './document';

/** `multipart/form-data; boundary=x` -> `multipart/form-data`. */
export function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (!header) return undefined;
  return header.split(';')[0]!.trim().toLowerCase();
}

/**
 * Only the media types the contract declares for the body are accepted (a JSON body sent to a
 * multipart-only operation answers 415), and a required body must be there.
 */
export function checkContentType(operation: ContractOperation, request: FastifyRequest): void {
  const requestBody = operation.requestBody;
  if (!requestBody) return;
  const mediaType = mediaTypeOf(request);
  const declared = Object.keys(requestBody.content);
  if (mediaType === undefined) {
    if (requestBody.required) throw validationFailed([{ field: 'body', message: 'is required' }]);
    return;
  }
  if (!declared.includes(mediaType)) {
    const expected = declared.join(' or ');
    throw new ApiError(415, 'validation_failed', `This request must be sent as ${expected}.`, [
      { field: 'body', message: `must be sent as ${expected}` },
    ]);
  }
}

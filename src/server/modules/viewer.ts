import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors';

/**
 * The signed-in caller. Routes read it only on operations whose `x-access` already demands a
 * signed-in account, so the throw is a safety net, not the access check.
 */
export function viewerOf(request: FastifyRequest) {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

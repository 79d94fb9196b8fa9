import type { OperationHandlers } from '../../contract/handlers';
import { liveStreams } from './service';

/** The live-events stream (server-sent events) of the signed-in caller's conversations. */
export const liveRoutes: OperationHandlers = {
  streamMessageEvents: async (request, reply) => liveStreams(request.server).open(request, reply),
};

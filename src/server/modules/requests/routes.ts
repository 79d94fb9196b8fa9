import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceRequestStatus } from '../../db/schema';
import { unauthenticated } from '../../errors';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { serviceRequestService } from './service';

type Schemas = components['schemas'];

const requests = (request: FastifyRequest) => serviceRequestService(request.server);

/** A client's requests are private and change with every proposal: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Routes only read the viewer on operations whose `x-access` already demands one. */
function viewerOf(request: FastifyRequest) {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/** The requests tag's client operations (R01-R05). */
export const requestRoutes: OperationHandlers = {
  createServiceRequest: async (request, reply): Promise<Schemas['ServiceRequestResponse']> => {
    const viewer = viewerOf(request);
    const key = request.headers['idempotency-key'];
    const { request: created, replayed } = await requests(request).create(
      viewer.userId,
      request.body as Schemas['ServiceRequestCreateInput'],
      typeof key === 'string' ? key : undefined,
    );
    noStore(reply).code(201);
    return {
      status: 'success',
      message: replayed ? 'Your request was already posted.' : 'Your request is posted.',
      data: created,
    };
  },

  getServiceRequest: async (request, reply): Promise<Schemas['ServiceRequestResponse']> => {
    const { id } = request.params as { id: string };
    const data = await requests(request).get(viewerOf(request), id);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },

  getServiceRequestTitle: async (request, reply): Promise<Schemas['ServiceRequestTitleResponse']> => {
    const { id } = request.params as { id: string };
    const data = await requests(request).title(viewerOf(request), id);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },

  listClientServiceRequests: async (request, reply): Promise<Schemas['ServiceRequestSummaryPage']> => {
    const query = request.query as { status?: ServiceRequestStatus; page?: number; pageSize?: number };
    const data = await requests(request).list(viewerOf(request).userId, {
      status: query.status,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 20,
    });
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },

  listLatestClientServiceRequests: async (request, reply): Promise<Schemas['ServiceRequestLatestResponse']> => {
    const data = await requests(request).latest(viewerOf(request).userId);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
};

import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { serviceRequestService, type BoardInput } from './service';

const requests = (request: FastifyRequest) => serviceRequestService(request.server);

type BoardQuery = Omit<BoardInput, 'text' | 'families' | 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const boardInput = (query: BoardQuery, text?: string): BoardInput => ({
  ...query,
  text,
  page: query.page ?? 1,
  pageSize: query.pageSize ?? 20,
});

/** `all` or nothing lists every request; any other text searches. */
const searchText = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'all' ? undefined : trimmed;
};

/**
 * The requests tag's operations: the client's (R01-R05) and the job board's (R06-R08). The
 * board's answers are kept 15 s for visitors and by nobody for a signed-in viewer (`x-cache`).
 */
export const requestRoutes: OperationHandlers = {
  createServiceRequest: async (request) => {
    const key = request.headers['idempotency-key'];
    const { request: created, replayed } = await requests(request).create(
      viewerOf(request).userId,
      request.body,
      typeof key === 'string' ? key : undefined,
    );
    return answer(created, { message: replayed ? 'Your request was already posted.' : 'Your request is posted.' });
  },

  getServiceRequest: (request) => requests(request).get(viewerOf(request), request.params.id),

  updateServiceRequest: async (request) =>
    answer(await requests(request).update(viewerOf(request), request.params.id, request.body), {
      message: 'Your request is updated.',
    }),

  closeServiceRequest: async (request) =>
    answer(await requests(request).close(viewerOf(request), request.params.id, request.body), {
      message: 'Your request is closed.',
    }),
  getServiceRequestTitle: (request) => requests(request).title(viewerOf(request), request.params.id),

  listClientServiceRequests: (request) => {
    const { status, page, pageSize } = request.query;
    return requests(request).list(viewerOf(request).userId, { status, page: page ?? 1, pageSize: pageSize ?? 20 });
  },

  listProviderServiceRequests: (request) => {
    const { q, ...query } = request.query;
    return requests(request).forProvider(viewerOf(request), boardInput(query, q));
  },

  searchPublicServiceRequests: async (request) => {
    await request.server.rateLimits.consume('jobSearch', request.ip);
    return requests(request).search(request.viewer, boardInput(request.query, searchText(request.params.query)));
  },

  getPublicServiceRequest: async (request) => {
    await request.server.rateLimits.consume('jobSearch', request.ip);
    return requests(request).publicDetail(request.viewer, request.params.refId);
  },

  listLatestClientServiceRequests: (request) => requests(request).latest(viewerOf(request).userId),
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceRequestStatus } from '../../db/schema';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { serviceRequestService, type BoardInput } from './service';

type Schemas = components['schemas'];

const requests = (request: FastifyRequest) => serviceRequestService(request.server);

/** A client's requests are private and change with every proposal: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

type BoardQuery = Omit<BoardInput, 'text' | 'families' | 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const boardInput = (query: BoardQuery, text?: string): BoardInput => ({
  ...query,
  text,
  page: query.page ?? 1,
  pageSize: query.pageSize ?? 20,
});

/** The job board changes with every post and differs per viewer: a short private cache at most. */
const boardCache = (reply: FastifyReply, viewer: unknown) =>
  reply.header('cache-control', viewer ? 'private, no-store' : 'public, max-age=15').header('vary', 'Cookie');

/** The requests tag's operations: the client's (R01-R05) and the job board's (R06-R08). */
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

  listProviderServiceRequests: async (request, reply): Promise<Schemas['PublicServiceRequestPage']> => {
    const { q, ...query } = request.query as BoardQuery & { q?: string };
    const data = await requests(request).forProvider(viewerOf(request), boardInput(query, q));
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },

  searchPublicServiceRequests: async (request, reply): Promise<Schemas['PublicServiceRequestSearchPage']> => {
    await request.server.rateLimits.consume('jobSearch', request.ip);
    const { query: text } = request.params as { query: string };
    const trimmed = text.trim();
    const data = await requests(request).search(
      request.viewer,
      boardInput(request.query as BoardQuery, trimmed === '' || trimmed.toLowerCase() === 'all' ? undefined : trimmed),
    );
    boardCache(reply, request.viewer);
    return { status: 'success', message: 'OK', data };
  },

  getPublicServiceRequest: async (request, reply): Promise<Schemas['PublicServiceRequestDetailResponse']> => {
    await request.server.rateLimits.consume('jobSearch', request.ip);
    const { refId } = request.params as { refId: string };
    const data = await requests(request).publicDetail(request.viewer, refId);
    boardCache(reply, request.viewer);
    return { status: 'success', message: 'OK', data };
  },

  listLatestClientServiceRequests: async (request, reply): Promise<Schemas['ServiceRequestLatestResponse']> => {
    const data = await requests(request).latest(viewerOf(request).userId);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
};

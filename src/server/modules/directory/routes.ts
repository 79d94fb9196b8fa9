import type { FastifyReply } from 'fastify';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { directoryService, type DirectoryQuery } from './service';

type Schemas = components['schemas'];

/** Directories change as profiles are completed: a short shared cache. */
const shortCache = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=30');

/** The business directory (B23) and the professionals directory. */
export const directoryRoutes: OperationHandlers = {
  listPublicBusinessProfiles: async (request, reply): Promise<Schemas['BusinessListingPage']> => {
    await request.server.rateLimits.consume('directorySearch', request.ip);
    const data = await directoryService(request.server).businesses(request.query as DirectoryQuery);
    shortCache(reply);
    return { status: 'success', message: 'OK', data };
  },
  listPublicFreelancerProfiles: async (request, reply): Promise<Schemas['FreelancerListingPage']> => {
    await request.server.rateLimits.consume('directorySearch', request.ip);
    const data = await directoryService(request.server).professionals(request.query as DirectoryQuery);
    shortCache(reply);
    return { status: 'success', message: 'OK', data };
  },
};

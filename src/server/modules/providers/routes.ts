import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { providerService } from './service';

type Schemas = components['schemas'];

const providers = (request: FastifyRequest) => providerService(request.server);

/** Onboarding answers change with every step: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The provider tag: primary and other services, leads location, related services (G01-G07). */
export const providerRoutes: OperationHandlers = {
  setPrimaryService: async (request, reply): Promise<Schemas['ProviderPrimaryServiceSetResponse']> => {
    const data = await providers(request).setPrimary(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Primary service saved.', data };
  },
  updatePrimaryService: async (request, reply): Promise<Schemas['ProviderPrimaryServiceUpdateResponse']> => {
    const { primaryService } = await providers(request).updatePrimary(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Primary service updated.', data: { primaryService } };
  },
  setLeadsLocation: async (request, reply): Promise<Schemas['ProviderLeadsLocationSetResponse']> => {
    const data = await providers(request).setLeads(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Leads location saved.', data };
  },
  updateLeadsLocation: async (request, reply): Promise<Schemas['ProviderLeadsLocationUpdateResponse']> => {
    const { leadsLocation } = await providers(request).updateLeads(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Leads location updated.', data: { leadsLocation } };
  },
  listRemainingOtherServices: async (request, reply): Promise<Schemas['ProviderServiceOptionList']> => {
    const data = await providers(request).remainingOtherServices(viewerOf(request).userId);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
  updateOtherServices: async (request, reply): Promise<Schemas['ProviderOtherServicesResponse']> => {
    const data = await providers(request).updateOtherServices(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Other services saved.', data };
  },
  listRelatedServices: async (request, reply): Promise<Schemas['ProviderRelatedServicesResponse']> => {
    const { id } = request.params as { id: string };
    const data = await providers(request).relatedServices(id);
    reply.header('cache-control', 'public, max-age=300');
    return { status: 'success', message: 'OK', data };
  },
};

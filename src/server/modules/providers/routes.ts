import type { FastifyRequest } from 'fastify';
import { answer, withMessage, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { providerService } from './service';

const providers = (request: FastifyRequest) => providerService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;

/** The provider tag: primary and other services, leads location, related services (G01-G07). */
export const providerRoutes: OperationHandlers = {
  setPrimaryService: withMessage('Primary service saved.', (request) =>
    providers(request).setPrimary(caller(request), request.body),
  ),
  updatePrimaryService: async (request) => {
    const { primaryService } = await providers(request).updatePrimary(caller(request), request.body);
    return answer({ primaryService }, { message: 'Primary service updated.' });
  },
  setLeadsLocation: withMessage('Leads location saved.', (request) =>
    providers(request).setLeads(caller(request), request.body),
  ),
  updateLeadsLocation: async (request) => {
    const { leadsLocation } = await providers(request).updateLeads(caller(request), request.body);
    return answer({ leadsLocation }, { message: 'Leads location updated.' });
  },
  listRemainingOtherServices: (request) => providers(request).remainingOtherServices(caller(request)),
  updateOtherServices: withMessage('Other services saved.', (request) =>
    providers(request).updateOtherServices(caller(request), request.body),
  ),
  listRelatedServices: (request) => providers(request).relatedServices(request.params.id),
};

import type { OperationHandlers } from '../../contract/handlers';
import { directoryService } from './service';

/** The business directory (B23) and the professionals directory; kept 30 s by the contract. */
export const directoryRoutes: OperationHandlers = {
  listPublicBusinessProfiles: async (request) => {
    await request.server.rateLimits.consume('directorySearch', request.ip);
    return directoryService(request.server).businesses(request.query);
  },
  listPublicFreelancerProfiles: async (request) => {
    await request.server.rateLimits.consume('directorySearch', request.ip);
    return directoryService(request.server).professionals(request.query);
  },
};

import type { MultipartBody } from '../../contract/multipart';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { websiteSearchService } from './search';
import { websiteRequestService } from './service';

type Schemas = components['schemas'];

/** The website tag's forms and the site-wide search; the others answer 501 until they are built. */
export const websiteRoutes: OperationHandlers = {
  submitWebsiteRequest: async (request, reply): Promise<Schemas['WebsiteRequestResponse']> => {
    const data = await websiteRequestService(request.server).submit(
      request.viewer,
      request.ip,
      request.body as MultipartBody,
    );
    reply.code(201).header('cache-control', 'no-store');
    return {
      status: 'success',
      message: 'Thank you. We have received your request and will reply within one business day.',
      data,
    };
  },

  searchWebsite: async (request, reply): Promise<Schemas['WebsiteSearchResponse']> => {
    await request.server.rateLimits.consume('websiteSearch', request.ip);
    const data = await websiteSearchService(request.server).search(request.body as Schemas['WebsiteSearchInput']);
    reply.header('cache-control', 'no-store');
    return { status: 'success', message: 'OK', data };
  },
};

import { answer, type OperationHandlers, type UploadChecks } from '../../contract/handlers';
import { contactService } from './contact';
import { websiteSearchService } from './search';
import { websiteRequestService } from './service';

/** The website tag's forms and the site-wide search; the others answer 501 until they are built. */
export const websiteRoutes: OperationHandlers = {
  submitWebsiteRequest: async (request) => {
    const data = await websiteRequestService(request.server).submit(request.viewer ?? null, request.body);
    return answer(data, {
      message: 'Thank you. We have received your request and will reply within one business day.',
    });
  },

  submitContactUs: async (request) => {
    const data = await contactService(request.server).submit(request.viewer ?? null, request.ip, request.body);
    return answer(data, { message: 'Thank you for your message. We will reply within two business days.' });
  },

  searchWebsite: async (request) => {
    await request.server.rateLimits.consume('websiteSearch', request.ip);
    return websiteSearchService(request.server).search(request.body);
  },
};

/** Checked before a file byte is stored: the form's text fields and the sender's rate limits. */
export const websiteUploadChecks: UploadChecks = {
  submitWebsiteRequest: (request, fields) => websiteRequestService(request.server).checkBeforeFiles(request.ip, fields),
};

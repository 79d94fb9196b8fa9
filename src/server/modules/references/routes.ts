import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { referenceService } from './service';

const references = (request: FastifyRequest) => referenceService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;

/** Reviews and references by token link (B14-B17, F09-F11, G08-G10). */
export const referenceRoutes: OperationHandlers = {
  setBusinessReferences: async (request) => {
    const data = await references(request).setBusinessReferences(caller(request), request.body);
    return answer(data, { message: 'We emailed your references a link to leave a review.' });
  },
  addBusinessReference: async (request) => {
    const data = await references(request).addBusinessReference(caller(request), request.body);
    return answer(data, { message: `We emailed ${data.name} a link to leave a review.` });
  },
  resendBusinessReferenceLink: async (request) => {
    const data = await references(request).resendBusinessLink(caller(request), request.params.id);
    return answer(data, { message: `We sent ${data.name} a new link.` });
  },
  setBusinessReferenceVisibility: async (request) => {
    const data = await references(request).setBusinessVisibility(
      caller(request),
      request.params.id,
      request.body.visible,
    );
    const message = data.visible
      ? 'The review is shown on your public profile.'
      : 'The review is hidden from your public profile.';
    return answer(data, { message });
  },

  listFreelancerReviewsAndReferences: (request) =>
    references(request).listFreelancerReferences(caller(request), request.query.status),
  resendFreelancerReferenceLink: async (request) => {
    const data = await references(request).resendFreelancerLink(caller(request), request.params.id);
    return answer(data, { message: `We sent ${data.reviewerName} a new link.` });
  },
  setFreelancerReferenceVisibility: async (request) => {
    const data = await references(request).setFreelancerVisibility(
      caller(request),
      request.params.id,
      request.body.visible,
    );
    const message = data.visible ? 'The review is shown on your profile.' : 'The review is hidden from your profile.';
    return answer(data, { message });
  },

  getReviewInvitation: (request) => references(request).invitation(request.params.token),
  askForReview: async (request) => {
    const data = await references(request).askForReview(caller(request), request.body);
    return answer(data, { message: `We emailed ${data.name} a link to leave a review.` });
  },
  submitReview: async (request) => {
    const data = await references(request).submit(request.params.token, request.body);
    return answer(data, { message: 'Thank you! Your review has been submitted.' });
  },
};

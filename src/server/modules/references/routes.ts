import type { FastifyRequest } from 'fastify';
import { withMessage, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { referenceService } from './service';

const references = (request: FastifyRequest) => referenceService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;

/** Reviews and references by token link (B14-B17, F09-F11, G08-G10). */
export const referenceRoutes: OperationHandlers = {
  setBusinessReferences: withMessage('We emailed your references a link to leave a review.', (request) =>
    references(request).setBusinessReferences(caller(request), request.body),
  ),
  addBusinessReference: withMessage(
    (data) => `We emailed ${data.name} a link to leave a review.`,
    (request) => references(request).addBusinessReference(caller(request), request.body),
  ),
  resendBusinessReferenceLink: withMessage(
    (data) => `We sent ${data.name} a new link.`,
    (request) => references(request).resendBusinessLink(caller(request), request.params.id),
  ),
  setBusinessReferenceVisibility: withMessage(
    (data) =>
      data.visible ? 'The review is shown on your public profile.' : 'The review is hidden from your public profile.',
    (request) => references(request).setBusinessVisibility(caller(request), request.params.id, request.body.visible),
  ),

  listFreelancerReviewsAndReferences: (request) =>
    references(request).listFreelancerReferences(caller(request), request.query.status),
  resendFreelancerReferenceLink: withMessage(
    (data) => `We sent ${data.reviewerName} a new link.`,
    (request) => references(request).resendFreelancerLink(caller(request), request.params.id),
  ),
  setFreelancerReferenceVisibility: withMessage(
    (data) => (data.visible ? 'The review is shown on your profile.' : 'The review is hidden from your profile.'),
    (request) => references(request).setFreelancerVisibility(caller(request), request.params.id, request.body.visible),
  ),

  getReviewInvitation: (request) => references(request).invitation(request.params.token),
  askForReview: withMessage(
    (data) => `We emailed ${data.name} a link to leave a review.`,
    (request) => references(request).askForReview(caller(request), request.body),
  ),
  submitReview: withMessage('Thank you! Your review has been submitted.', (request) =>
    references(request).submit(request.params.token, request.body),
  ),
};

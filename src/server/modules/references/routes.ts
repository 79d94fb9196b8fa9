import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { referenceService } from './service';

type Schemas = components['schemas'];

const references = (request: FastifyRequest) => referenceService(request.server);
const caller = (request: FastifyRequest) => viewerOf(request).userId;
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;
const visibleOf = (request: FastifyRequest) => (request.body as { visible: boolean }).visible;

/** Links, reviews and their visibility change with every call: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Reviews and references by token link (B14-B17, F09-F11, G08-G10). */
export const referenceRoutes: OperationHandlers = {
  setBusinessReferences: async (request, reply): Promise<Schemas['BusinessReferencesSetResponse']> => {
    const data = await references(request).setBusinessReferences(caller(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'We emailed your references a link to leave a review.', data };
  },
  addBusinessReference: async (request, reply): Promise<Schemas['BusinessReferenceResponse']> => {
    const data = await references(request).addBusinessReference(caller(request), request.body as never);
    noStore(reply).code(201);
    return { status: 'success', message: `We emailed ${data.name} a link to leave a review.`, data };
  },
  resendBusinessReferenceLink: async (request, reply): Promise<Schemas['BusinessReferenceResponse']> => {
    const data = await references(request).resendBusinessLink(caller(request), idOf(request));
    noStore(reply);
    return { status: 'success', message: `We sent ${data.name} a new link.`, data };
  },
  setBusinessReferenceVisibility: async (request, reply): Promise<Schemas['BusinessReferenceResponse']> => {
    const data = await references(request).setBusinessVisibility(caller(request), idOf(request), visibleOf(request));
    noStore(reply);
    const message = data.visible
      ? 'The review is shown on your public profile.'
      : 'The review is hidden from your public profile.';
    return { status: 'success', message, data };
  },

  listFreelancerReviewsAndReferences: async (request, reply): Promise<Schemas['FreelancerReferenceList']> => {
    const { status } = request.query as { status?: Schemas['FreelancerReferenceStatus'] };
    const data = await references(request).listFreelancerReferences(caller(request), status);
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
  resendFreelancerReferenceLink: async (request, reply): Promise<Schemas['FreelancerReferenceResponse']> => {
    const data = await references(request).resendFreelancerLink(caller(request), idOf(request));
    noStore(reply);
    return { status: 'success', message: `We sent ${data.reviewerName} a new link.`, data };
  },
  setFreelancerReferenceVisibility: async (request, reply): Promise<Schemas['FreelancerReferenceResponse']> => {
    const data = await references(request).setFreelancerVisibility(caller(request), idOf(request), visibleOf(request));
    noStore(reply);
    const message = data.visible ? 'The review is shown on your profile.' : 'The review is hidden from your profile.';
    return { status: 'success', message, data };
  },

  getReviewInvitation: async (request, reply): Promise<Schemas['ProviderReviewInvitationResponse']> => {
    const data = await references(request).invitation(tokenOf(request));
    noStore(reply);
    return { status: 'success', message: 'OK', data };
  },
  askForReview: async (request, reply): Promise<Schemas['ProviderReviewRequestResponse']> => {
    const data = await references(request).askForReview(caller(request), request.body as never);
    noStore(reply).code(201);
    return { status: 'success', message: `We emailed ${data.name} a link to leave a review.`, data };
  },
  submitReview: async (request, reply): Promise<Schemas['ProviderReviewResponse']> => {
    const data = await references(request).submit(tokenOf(request), request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Thank you! Your review has been submitted.', data };
  },
};

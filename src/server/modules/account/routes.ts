import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartBody } from '../../contract/multipart';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { emailChangeService } from './email-change';
import { accountService } from './service';

type Schemas = components['schemas'];

const account = (request: FastifyRequest) => accountService(request.server);

/** Every answer here is the caller's own data, changing with each write: never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

async function completion(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Schemas['AccountProfileCompletionResponse']> {
  const data = await account(request).completion(viewerOf(request).userId);
  noStore(reply);
  return { status: 'success', message: 'OK', data };
}

/** The account tag (C04-C09) and the client's profile sections (CL1-CL3). */
export const accountRoutes: OperationHandlers = {
  getClientProfileCompletion: completion,
  getFreelancerProfileCompletion: completion,
  getBusinessProfileCompletion: completion,

  updateProfile: async (request, reply): Promise<Schemas['AccountProfileResponse']> => {
    const data = await account(request).updateProfile(viewerOf(request).userId, request.body as MultipartBody);
    noStore(reply);
    return { status: 'success', message: 'Profile updated.', data };
  },

  sendEmailChangeCode: async (request, reply): Promise<Schemas['AccountEmailChangeCodeResponse']> => {
    const data = await emailChangeService(request.server).sendCode(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: `We sent a 6-digit code to ${data.sentTo}.`, data };
  },

  verifyEmailChangeCode: async (request, reply): Promise<Schemas['AccountEmailChangedResponse']> => {
    const data = await emailChangeService(request.server).verifyCode(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: `Your email is now ${data.email}.`, data };
  },

  updateClientAbout: async (request, reply): Promise<Schemas['ClientAboutResponse']> => {
    const data = await account(request).updateClientAbout(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'About section saved.', data };
  },

  updateClientPersonalDetails: async (request, reply): Promise<Schemas['AccountPersonalDetailsResponse']> => {
    const data = await account(request).updateClientPersonalDetails(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Personal details saved.', data };
  },

  updateClientProfileDetails: async (request, reply): Promise<Schemas['ClientProfileDetailsResponse']> => {
    const data = await account(request).updateClientProfileDetails(viewerOf(request).userId, request.body as never);
    noStore(reply);
    return { status: 'success', message: 'Profile details saved.', data };
  },
};

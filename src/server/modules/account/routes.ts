import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { emailChangeService } from './email-change';
import { accountService } from './service';

/** One score call for each account type: the viewer's own. */
const completion = (request: FastifyRequest) => accountService(request.server).completion(viewerOf(request).userId);

/** The account tag (C04-C09) and the client's profile sections (CL1-CL3). */
export const accountRoutes: OperationHandlers = {
  getClientProfileCompletion: completion,
  getFreelancerProfileCompletion: completion,
  getBusinessProfileCompletion: completion,

  updateProfile: async (request) => {
    const data = await accountService(request.server).updateProfile(viewerOf(request).userId, request.body);
    return answer(data, { message: 'Profile updated.' });
  },

  sendEmailChangeCode: async (request) => {
    const data = await emailChangeService(request.server).sendCode(viewerOf(request).userId, request.body);
    return answer(data, { message: `We sent a 6-digit code to ${data.sentTo}.` });
  },

  verifyEmailChangeCode: async (request) => {
    const data = await emailChangeService(request.server).verifyCode(viewerOf(request).userId, request.body);
    return answer(data, { message: `Your email is now ${data.email}.` });
  },

  updateClientAbout: async (request) => {
    const data = await accountService(request.server).updateClientAbout(viewerOf(request).userId, request.body);
    return answer(data, { message: 'About section saved.' });
  },

  updateClientPersonalDetails: async (request) => {
    const data = await accountService(request.server).updateClientPersonalDetails(
      viewerOf(request).userId,
      request.body,
    );
    return answer(data, { message: 'Personal details saved.' });
  },

  updateClientProfileDetails: async (request) => {
    const data = await accountService(request.server).updateClientProfileDetails(
      viewerOf(request).userId,
      request.body,
    );
    return answer(data, { message: 'Profile details saved.' });
  },
};

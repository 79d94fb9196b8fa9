import type { FastifyRequest } from 'fastify';
import { withMessage, type OperationHandlers, type UploadChecks } from '../../contract/handlers';
import { spendUploadAllowance } from '../upload-allowance';
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

  updateProfile: withMessage('Profile updated.', (request) =>
    accountService(request.server).updateProfile(viewerOf(request).userId, request.body),
  ),

  sendEmailChangeCode: withMessage(
    (data) => `We sent a 6-digit code to ${data.sentTo}.`,
    (request) => emailChangeService(request.server).sendCode(viewerOf(request).userId, request.body),
  ),

  verifyEmailChangeCode: withMessage(
    (data) => `Your email is now ${data.email}.`,
    (request) => emailChangeService(request.server).verifyCode(viewerOf(request).userId, request.body),
  ),

  updateClientAbout: withMessage('About section saved.', (request) =>
    accountService(request.server).updateClientAbout(viewerOf(request).userId, request.body),
  ),

  getClientSettings: (request) => accountService(request.server).clientSettings(viewerOf(request).userId),

  updateClientPersonalDetails: withMessage('Personal details saved.', (request) =>
    accountService(request.server).updateClientPersonalDetails(viewerOf(request).userId, request.body),
  ),

  updateClientProfileDetails: withMessage('Profile details saved.', (request) =>
    accountService(request.server).updateClientProfileDetails(viewerOf(request).userId, request.body),
  ),
};

/** A profile update may carry the profile image: it spends the upload allowance first. */
export const accountUploadChecks: UploadChecks = {
  updateProfile: spendUploadAllowance,
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { unauthenticated } from '../../errors';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { refreshListing } from '../providers/listing';
import { authProgress } from '../providers/progress';
import { accountService, authUser, nameOf, type Registration } from './service';

type Schemas = components['schemas'];

const accounts = (request: FastifyRequest) => accountService(request.server);

/** Answers that carry the user or a session change are never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Signs the new account in on a fresh session id and answers 201 with the user. */
async function register(
  request: FastifyRequest,
  reply: FastifyReply,
  input: Registration,
): Promise<Schemas['AuthUserResponse']> {
  const { user, emailSent } = await accounts(request).register(input, request.ip);
  const session = await signIn(reply, user, false);
  noStore(reply).code(201);
  return {
    status: 'success',
    message: emailSent
      ? `Your account is created. We have sent a verification link to ${user.email}.`
      : 'Your account is created, but we could not send the verification email. Please use "Resend" to get a new link.',
    data: await signedInUser(request, user, session.persistent),
  };
}

const signIn = (reply: FastifyReply, user: UserRow, persistent: boolean) =>
  reply.rotateSession({ userId: user.id, persistent, data: { accountType: user.accountType } });

/** The signed-in user with the onboarding progress the web app's guards read. */
async function signedInUser(request: FastifyRequest, user: UserRow, rememberMe: boolean) {
  return { ...authUser(user, rememberMe), ...(await authProgress(request.server.db, user)) };
}

/** Routes only read the viewer on operations whose `x-access` already demands one. */
function viewerOf(request: FastifyRequest) {
  if (!request.viewer || !request.session) throw unauthenticated();
  return { ...request.viewer, session: request.session };
}

/** The auth tag's operations (A00-A12); the Google ones (A13, A14) answer 501. */
export const authRoutes: OperationHandlers = {
  /** GET /csrf/: the only call that starts a session, so visitors can then sign up or sign in. */
  getCsrfToken: async (request, reply): Promise<Schemas['CsrfTokenResponse']> => {
    const session = request.session ?? (await reply.createSession());
    noStore(reply);
    return { status: 'success', message: 'OK', data: { csrfToken: session.csrfToken } };
  },

  registerClient: async (request, reply) =>
    register(request, reply, { accountType: 'client', ...(request.body as Schemas['AuthRegisterPersonInput']) }),

  registerFreelancer: async (request, reply) =>
    register(request, reply, { accountType: 'freelancer', ...(request.body as Schemas['AuthRegisterPersonInput']) }),

  registerBusiness: async (request, reply) =>
    register(request, reply, { accountType: 'business', ...(request.body as Schemas['AuthRegisterBusinessInput']) }),

  login: async (request, reply): Promise<Schemas['AuthUserResponse']> => {
    const body = request.body as Schemas['AuthLoginInput'];
    const user = await accounts(request).signIn(body.email, body.password, request.ip);
    const session = await signIn(reply, user, body.rememberMe === true);
    noStore(reply);
    return {
      status: 'success',
      message: `Welcome back, ${nameOf(user)}.`,
      data: await signedInUser(request, user, session.persistent),
    };
  },

  getMe: async (request, reply): Promise<Schemas['AuthUserResponse']> => {
    const viewer = viewerOf(request);
    const user = await accounts(request).currentUser(viewer.userId);
    if (!user) {
      await reply.destroySession();
      throw unauthenticated();
    }
    noStore(reply);
    return { status: 'success', message: 'OK', data: await signedInUser(request, user, viewer.session.persistent) };
  },

  logout: async (_request, reply): Promise<Schemas['EmptySuccess']> => {
    await reply.destroySession();
    noStore(reply);
    return { status: 'success', message: 'You are signed out.', data: null };
  },

  verifyAccount: async (request, reply): Promise<Schemas['AuthVerifyAccountResponse']> => {
    const { token } = request.params as { token: string };
    const { status, user } = await accounts(request).verifyEmail(token);
    // A provider who finished onboarding before verifying is listed from now on.
    if (status === 'verified') await refreshListing(request.server.db, user.id);
    const signedInAsOwner = request.viewer?.userId === user.id;
    noStore(reply);
    return {
      status: 'success',
      message: status === 'verified' ? 'Your email is verified.' : 'Your email was already verified.',
      data: {
        status,
        email: user.email,
        verifiedAt: user.emailVerifiedAt!.toISOString(),
        user: signedInAsOwner ? await signedInUser(request, user, request.session!.persistent) : null,
      },
    };
  },

  resendVerificationEmail: async (request): Promise<Schemas['AuthVerificationEmailResponse']> => {
    const viewer = viewerOf(request);
    const sent = await accounts(request).resendVerificationEmail(viewer.userId);
    return {
      status: 'success',
      message: `We have sent a new verification link to ${sent.email}.`,
      data: {
        email: sent.email,
        sentAt: sent.sentAt.toISOString(),
        expiresAt: sent.expiresAt.toISOString(),
        resendAvailableAt: sent.resendAvailableAt.toISOString(),
      },
    };
  },

  sendPasswordResetLink: async (request): Promise<Schemas['AuthForgotPasswordResponse']> => {
    const { email } = request.body as Schemas['AuthForgotPasswordInput'];
    const { linkValidForMinutes } = await accounts(request).sendPasswordResetLink(email, request.ip);
    return {
      status: 'success',
      message: `If an account exists for ${email}, we have sent it a link to reset the password.`,
      data: { email, linkValidForMinutes },
    };
  },

  verifyPasswordResetToken: async (request, reply): Promise<Schemas['AuthResetTokenResponse']> => {
    const { token } = request.params as { token: string };
    const { maskedEmail, expiresAt } = await accounts(request).checkPasswordResetToken(token, request.ip);
    noStore(reply);
    return {
      status: 'success',
      message: 'OK',
      data: { valid: true, email: maskedEmail, expiresAt: expiresAt.toISOString() },
    };
  },

  resetPassword: async (request): Promise<Schemas['AuthPasswordChangedResponse']> => {
    const { token, password } = request.body as Schemas['AuthResetPasswordInput'];
    const { passwordChangedAt, sessionsEnded } = await accounts(request).resetPassword(token, password, request.ip);
    return {
      status: 'success',
      message: 'Your password is changed. Please sign in with the new password.',
      data: {
        passwordChangedAt: passwordChangedAt.toISOString(),
        otherSessionsSignedOut: Math.min(sessionsEnded, 1000),
      },
    };
  },

  changePassword: async (request, reply): Promise<Schemas['AuthPasswordChangedResponse']> => {
    const viewer = viewerOf(request);
    const { currentPassword, newPassword } = request.body as Schemas['AuthChangePasswordInput'];
    const changed = await accounts(request).changePassword(
      viewer.userId,
      viewer.session.id,
      currentPassword,
      newPassword,
    );
    // A session id known before the change (a stolen cookie) must not outlive it.
    await reply.rotateSession({});
    return {
      status: 'success',
      message: 'Your password is changed.',
      data: {
        passwordChangedAt: changed.passwordChangedAt.toISOString(),
        otherSessionsSignedOut: Math.min(changed.otherSessionsEnded, 1000),
      },
    };
  },
};

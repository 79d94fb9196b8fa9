import type { FastifyReply, FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound, unauthenticated } from '../../errors';
import { perApp, type AppDeps } from '../../lib/per-app';
import { refreshListing, authProgress } from '../providers';
import { versigemsBalance } from '../versigems';
import {
  GOOGLE_FLOW_COOKIE,
  GOOGLE_FLOW_COOKIE_PATH,
  GOOGLE_FLOW_MS,
  GOOGLE_NOT_ENABLED,
  GoogleSignIn,
  type GoogleIntent,
} from './google';
import { authService, authUser, nameOf, type Registration } from './service';

/** The app's Google sign-in, made on first use (it keeps the provider's discovered settings). */
const googleSignIn = perApp(
  (deps: Pick<AppDeps, 'config' | 'db' | 'log'>) =>
    new GoogleSignIn({ google: deps.config.google, publicUrl: deps.config.publicUrl, db: deps.db, log: deps.log }),
);

/** Google's answer for this browser's flow: 404 when Google sign-in is off, 429 past the limit. */
async function googleProfile(request: FastifyRequest, intent: GoogleIntent, code: string, state: string) {
  const google = googleSignIn(request.server);
  if (!google.enabled) throw notFound(GOOGLE_NOT_ENABLED);
  await request.server.rateLimits.consume('googleCallback', request.ip);
  return google.finish({
    intent,
    code,
    state,
    browserSecret: request.cookies[GOOGLE_FLOW_COOKIE],
    userId: request.viewer?.userId ?? null,
  });
}

/** Signs the new account in on a fresh session id and answers 201 with the user. */
async function register(request: FastifyRequest, reply: FastifyReply, input: Registration) {
  const { user, emailSent } = await authService(request.server).register(input, request.ip);
  const session = await signIn(reply, user, false);
  return answer(await signedInUser(request, user, session.persistent), {
    message: emailSent
      ? `Your account is created. We have sent a verification link to ${user.email}.`
      : 'Your account is created, but we could not send the verification email. Please use "Resend" to get a new link.',
  });
}

const signIn = (reply: FastifyReply, user: UserRow, persistent: boolean) =>
  reply.rotateSession({ userId: user.id, persistent, data: { accountType: user.accountType } });

/** The signed-in user with the onboarding progress the web app's guards read. */
async function signedInUser(request: FastifyRequest, user: UserRow, rememberMe: boolean) {
  const versigems = user.accountType === 'freelancer' ? await versigemsBalance(request.server.db, user.id) : null;
  return { ...authUser(user, rememberMe), ...(await authProgress(request.server.db, user)), versigems };
}

type AuthUser = Awaited<ReturnType<typeof signedInUser>>;

/**
 * What `GET /auth/me/` answers per user, kept in memory until a trigger says one of its rows
 * changed (the user, profile, services, projects, locations, images or versigems balance); the
 * session's "remember me" is added per call.
 */
const meCache = perApp((deps: Pick<AppDeps, 'caches'>) =>
  deps.caches.cache<AuthUser>('u', { ttlMs: 60 * 1000, maxEntries: 20_000 }),
);

/** Routes only read the viewer on operations whose `x-access` already demands one. */
function viewerOf(request: FastifyRequest) {
  if (!request.viewer || !request.session) throw unauthenticated();
  return { ...request.viewer, session: request.session };
}

/** The auth tag's operations (A00-A14). */
export const authRoutes: OperationHandlers = {
  /** GET /csrf/: a signed token in a cookie, no session row, so visitors can then sign up or sign in. */
  getCsrfToken: async (_request, reply) => ({ csrfToken: reply.csrfToken() }),

  registerClient: (request, reply) => register(request, reply, { accountType: 'client', ...request.body }),
  registerFreelancer: (request, reply) => register(request, reply, { accountType: 'freelancer', ...request.body }),
  registerBusiness: (request, reply) => register(request, reply, { accountType: 'business', ...request.body }),

  login: async (request, reply) => {
    const { email, password, rememberMe } = request.body;
    const user = await authService(request.server).signIn(email, password, request.ip);
    const session = await signIn(reply, user, rememberMe === true);
    return answer(await signedInUser(request, user, session.persistent), { message: `Welcome back, ${nameOf(user)}.` });
  },

  getMe: async (request, reply) => {
    const viewer = viewerOf(request);
    const cache = meCache(request.server);
    const me =
      cache.peek(viewer.userId) ??
      (await cache.get(viewer.userId, async () => {
        const user = await authService(request.server).currentUser(viewer.userId);
        return user && signedInUser(request, user, false);
      }));
    if (!me) {
      await reply.destroySession();
      throw unauthenticated();
    }
    return { ...me, rememberMe: viewer.session.persistent };
  },

  logout: async (_request, reply) => {
    await reply.destroySession();
    return answer(null, { message: 'You are signed out.' });
  },

  verifyAccount: async (request) => {
    const { status, user } = await authService(request.server).verifyEmail(request.params.token);
    // A provider who finished onboarding before verifying is listed from now on.
    if (status === 'verified') await refreshListing(request.server.db, user.id);
    const signedInAsOwner = request.viewer?.userId === user.id;
    const data = {
      status,
      email: user.email,
      verifiedAt: user.emailVerifiedAt!.toISOString(),
      user: signedInAsOwner ? await signedInUser(request, user, request.session!.persistent) : null,
    };
    return answer(data, {
      message: status === 'verified' ? 'Your email is verified.' : 'Your email was already verified.',
    });
  },

  resendVerificationEmail: async (request) => {
    const sent = await authService(request.server).resendVerificationEmail(viewerOf(request).userId);
    const data = {
      email: sent.email,
      sentAt: sent.sentAt.toISOString(),
      expiresAt: sent.expiresAt.toISOString(),
      resendAvailableAt: sent.resendAvailableAt.toISOString(),
    };
    return answer(data, { message: `We have sent a new verification link to ${sent.email}.` });
  },

  sendPasswordResetLink: async (request) => {
    const { email } = request.body;
    const { linkValidForMinutes } = await authService(request.server).sendPasswordResetLink(email, request.ip);
    return answer(
      { email, linkValidForMinutes },
      { message: `If an account exists for ${email}, we have sent it a link to reset the password.` },
    );
  },

  verifyPasswordResetToken: async (request) => {
    const { maskedEmail, expiresAt } = await authService(request.server).checkPasswordResetToken(
      request.params.token,
      request.ip,
    );
    return { valid: true, email: maskedEmail, expiresAt: expiresAt.toISOString() };
  },

  resetPassword: async (request) => {
    const { token, password } = request.body;
    const { passwordChangedAt, sessionsEnded } = await authService(request.server).resetPassword(
      token,
      password,
      request.ip,
    );
    const data = {
      passwordChangedAt: passwordChangedAt.toISOString(),
      otherSessionsSignedOut: Math.min(sessionsEnded, 1000),
    };
    return answer(data, { message: 'Your password is changed. Please sign in with the new password.' });
  },

  changePassword: async (request, reply) => {
    const viewer = viewerOf(request);
    const { currentPassword, newPassword } = request.body;
    const changed = await authService(request.server).changePassword(
      viewer.userId,
      viewer.session.id,
      currentPassword,
      newPassword,
    );
    // A session id (and CSRF token) known before the change must not outlive it.
    await reply.rotateSession({});
    const data = {
      passwordChangedAt: changed.passwordChangedAt.toISOString(),
      otherSessionsSignedOut: Math.min(changed.otherSessionsEnded, 1000),
    };
    return answer(data, { message: 'Your password is changed.' });
  },

  getSignInOptions: async (request) => ({ password: true, google: googleSignIn(request.server).enabled }),

  startGoogleSignIn: async (request, reply) => {
    const google = googleSignIn(request.server);
    if (!google.enabled) throw notFound(GOOGLE_NOT_ENABLED);
    const { intent } = request.body;
    if (intent === 'sign-in' && request.viewer) throw forbidden('You are already signed in.');
    if (intent === 'change' && !request.viewer) throw unauthenticated();
    await request.server.rateLimits.consume('googleStart', request.ip);
    const browser = google.browserSecret(request.cookies[GOOGLE_FLOW_COOKIE]);
    const started = await google.start(intent, browser.secret, request.viewer?.userId ?? null);
    reply.setCookie(GOOGLE_FLOW_COOKIE, browser.secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.server.config.secureCookies,
      path: GOOGLE_FLOW_COOKIE_PATH,
      maxAge: GOOGLE_FLOW_MS / 1000,
    });
    return { authorizationUrl: started.authorizationUrl, expiresAt: started.expiresAt.toISOString() };
  },

  googleSignInCallback: async (request, reply) => {
    const { state, accountType, rememberMe } = request.query;
    const profile = await googleProfile(request, 'sign-in', request.params.code, state);
    const { user, created } = await authService(request.server).signInWithGoogle(profile, accountType, request.ip);
    const session = await signIn(reply, user, rememberMe === true);
    const data = await signedInUser(request, user, session.persistent);
    return created
      ? answer(data, { message: 'Your account is created.', status: 201 })
      : answer(data, { message: `Welcome back, ${nameOf(user)}.`, status: 200 });
  },

  googleAccountChangeCallback: async (request) => {
    const viewer = viewerOf(request);
    const profile = await googleProfile(request, 'change', request.params.code, request.query.state);
    const { result, user } = await authService(request.server).changeGoogleAccount(viewer.userId, profile);
    const data = {
      result,
      googleEmail: profile.email ?? user.email,
      user: await signedInUser(request, user, viewer.session.persistent),
    };
    return answer(data, {
      message:
        result === 'same-account'
          ? 'This Google account is already linked to your account.'
          : 'Your Google account is linked.',
    });
  },
};

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { GoogleConfig } from '../../config';
import type { Database } from '../../db/database';
import { ApiError, forbidden, notFound } from '../../errors';
import { deleteStaleGoogleFlows, findGoogleFlow, insertGoogleFlow, useGoogleFlow } from './queries';

export type GoogleIntent = 'sign-in' | 'change';

/** The HttpOnly cookie that binds a flow to the browser that started it. */
export const GOOGLE_FLOW_COOKIE = 'gflow';
export const GOOGLE_FLOW_COOKIE_PATH = '/api/auth/social-accounts/google/';
/** How long a started flow may come back. */
export const GOOGLE_FLOW_MS = 10 * 60 * 1000;
/** Used flows are kept this long after they expire, so a replayed code gets its own answer. */
const USED_FLOW_KEPT_MS = 60 * 60 * 1000;
const BROWSER_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const GOOGLE_NOT_ENABLED = 'Google sign-in is not enabled on this site.';
const FLOW_UNKNOWN =
  'This Google sign-in was not started in this browser or has expired. Please try again from the start.';
const CODE_USED = 'This Google sign-in was already used. Please try again from the start.';
const CODE_REFUSED = 'Google did not accept this sign-in. Please try again from the start.';

/** Where Google sends the browser back, per intent (the web app's pages). */
export const GOOGLE_RETURN_PATHS: Record<GoogleIntent, string> = {
  'sign-in': '/auth/social-accounts/verify/google-oauth2/',
  change: '/dashboard/settings/social-accounts/verify/google-oauth2/change/',
};

/** What the ID token says about the person. */
export interface GoogleProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

export interface GoogleSignInDeps {
  google: GoogleConfig;
  publicUrl: string;
  db: Database;
  log: FastifyBaseLogger;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * OpenID Connect with Google (authorization code, PKCE S256, state and nonce) through
 * openid-client. A flow's secrets stay on the server in `google_flows`, bound to the browser's
 * `gflow` cookie; the callback checks the state against them, uses the flow once and lets
 * openid-client check the ID token (signature, issuer, audience, expiry, nonce).
 */
export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly deps: GoogleSignInDeps) {}

  get enabled(): boolean {
    return this.deps.google.enabled;
  }

  redirectUri(intent: GoogleIntent): string {
    return `${this.deps.publicUrl}${GOOGLE_RETURN_PATHS[intent]}`;
  }

  /** The browser's flow secret: the one in its cookie when well-formed, else a new one to set. */
  browserSecret(cookie: string | undefined): { secret: string; isNew: boolean } {
    if (cookie && BROWSER_SECRET.test(cookie)) return { secret: cookie, isNew: false };
    return { secret: randomBytes(32).toString('base64url'), isNew: true };
  }

  async start(intent: GoogleIntent, browserSecret: string, userId: string | null) {
    const configuration = await this.client();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + GOOGLE_FLOW_MS);
    await deleteStaleGoogleFlows(this.deps.db, new Date(now.getTime() - USED_FLOW_KEPT_MS));
    await insertGoogleFlow(this.deps.db, {
      stateHash: sha256(state),
      browserHash: sha256(browserSecret),
      intent,
      userId,
      codeVerifier,
      nonce,
      createdAt: now,
      expiresAt,
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(intent),
      scope: 'openid email profile',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    return { authorizationUrl: url.href, expiresAt };
  }

  /**
   * The flow `state` names, started in this browser (and by this account for a change), not
   * expired: 403 otherwise. Used once: a second use answers 400 on `path.code`. Then the code is
   * exchanged and the ID token checked; what Google refuses answers 400 on `path.code` too.
   */
  async finish(input: {
    intent: GoogleIntent;
    code: string;
    state: string;
    browserSecret: string | undefined;
    userId: string | null;
  }): Promise<GoogleProfile> {
    const configuration = await this.client();
    const flow = await findGoogleFlow(this.deps.db, sha256(input.state));
    const now = new Date();
    if (
      !flow ||
      !input.browserSecret ||
      flow.browserHash !== sha256(input.browserSecret) ||
      flow.intent !== input.intent ||
      flow.userId !== input.userId ||
      flow.expiresAt <= now
    ) {
      throw forbidden(FLOW_UNKNOWN);
    }
    if (!(await useGoogleFlow(this.deps.db, flow.stateHash, now))) throw codeProblem(CODE_USED);

    const callback = new URL(this.redirectUri(input.intent));
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedNonce: flow.nonce,
        expectedState: input.state,
        idTokenExpected: true,
      });
    } catch (error) {
      if (
        error instanceof oidc.ResponseBodyError ||
        error instanceof oidc.AuthorizationResponseError ||
        error instanceof oidc.ClientError
      ) {
        this.deps.log.warn({ err: error }, 'Google refused or failed a sign-in code exchange');
        throw codeProblem(CODE_REFUSED);
      }
      throw error;
    }
    const claims = tokens.claims();
    if (!claims) throw codeProblem(CODE_REFUSED);
    const text = (value: unknown, max: number) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
    const email = text(claims.email, 254);
    return {
      subject: claims.sub,
      email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: text(claims.name, 200),
      givenName: text(claims.given_name, 100),
      familyName: text(claims.family_name, 100),
      picture: pictureUrl(claims.picture),
    };
  }

  /** Discovery once per app; a failure is not kept, so the next call tries again. */
  private client(): Promise<oidc.Configuration> {
    const google = this.deps.google;
    if (!google.enabled) throw notFound(GOOGLE_NOT_ENABLED);
    this.configuration ??= oidc
      .discovery(
        new URL(google.issuerUrl),
        google.clientId,
        undefined,
        oidc.ClientSecretPost(google.clientSecret),
        google.allowInsecureIssuer ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}

function codeProblem(message: string) {
  return new ApiError(400, 'validation_failed', message, [{ field: 'path.code', message }]);
}

/** Only an https picture URL within the contract's length is kept. */
function pictureUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

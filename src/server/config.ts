import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { BRAND } from '../shared/brand';

/** Every setting of the server, read from environment variables once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path; the embedded database lives in `${dataDir}/pg`. */
  dataDir: string;
  /** Set: PostgreSQL through node-postgres. Unset: embedded PGlite. */
  databaseUrl: string | undefined;
  /**
   * Set (`REDIS_URL`): sessions and rate-limit counters live in Redis, under `REDIS_PREFIX`
   * (default `marketplace:`), shared by every server process. Unset: both live in the database.
   */
  redis: { url: string; prefix: string } | undefined;
  /** Where users reach the app, without a trailing slash. */
  publicUrl: string;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  smtpUrl: string | undefined;
  /**
   * A mailbox that takes unsubscribe requests by email (`List-Unsubscribe: <mailto:...>`); unset,
   * list emails offer the one-click link only.
   */
  unsubscribeEmail: string | undefined;
  /** Where the contact form's messages go (W02): the support team's mailbox. */
  contactEmail: string;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /** Passed to Fastify's `trustProxy`: off, on, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /**
   * The key that signs CSRF tokens (at least 32 characters); unset, each process makes a random
   * one, so tokens do not survive a restart and several processes behind one address disagree.
   */
  csrfSecret: string | undefined;
  /** Multiplies every rate limit's allowance (1 in production; more for browser test runs and load tests). */
  rateLimitFactor: number;
  /** Where uploaded files live: `${dataDir}/uploads` unless an S3-compatible bucket is set. */
  storage: StorageConfig;
  /** The payment provider: Stripe when both its keys are set, else the sandbox served by the app itself. */
  payments: PaymentsConfig;
  /** Google sign-in (OpenID Connect): on when both the client id and secret are set. */
  google: GoogleConfig;
}

export type GoogleConfig =
  | { enabled: false }
  | {
      enabled: true;
      clientId: string;
      clientSecret: string;
      /** The OpenID provider: Google itself unless `GOOGLE_ISSUER_URL` names another (tests run a local one). */
      issuerUrl: string;
      /** Plain http is allowed only for an issuer on a loopback address (a provider run by the tests). */
      allowInsecureIssuer: boolean;
    };

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export type PaymentsConfig =
  | { kind: 'stripe'; secretKey: string; webhookSecret: string }
  | {
      kind: 'sandbox';
      /** Signs the sandbox's events; unset, a random key per process (its events are delivered in-process). */
      webhookSecret: string | undefined;
      /** `PAYMENTS_SANDBOX_IN_PRODUCTION=true`: the sandbox may run with NODE_ENV=production (a demo). */
      allowedInProduction: boolean;
    };

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS itself. Set: another S3-compatible service (MinIO, R2, Spaces). */
      endpoint: string | undefined;
      /** Both or neither; neither means the SDK's own chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** Bucket in the path rather than the host name, as most S3-compatible services want. */
      forcePathStyle: boolean;
    };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; problem: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }

  get variables(): string[] {
    return this.problems.map((p) => p.variable);
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates every setting; throws one ConfigError naming each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const problems: { variable: string; problem: string }[] = [];
  const read = <T>(variable: string, parse: (value: string | undefined) => T, fallback: T): T => {
    try {
      return parse(blankToUndefined(env[variable]));
    } catch (error) {
      problems.push({ variable, problem: (error as Error).message });
      return fallback;
    }
  };

  const port = read('PORT', parsePort, 3000);
  const host = read('HOST', parseHost, '127.0.0.1');
  const dataDir = read('DATA_DIR', (value) => resolve(value ?? './data'), '');
  const databaseUrl = read('DATABASE_URL', parseDatabaseUrl, undefined);
  const redisUrl = read('REDIS_URL', parseRedisUrl, undefined);
  const redisPrefix = read('REDIS_PREFIX', parseRedisPrefix, 'marketplace:');
  const publicUrl = read('PUBLIC_URL', (value) => parsePublicUrl(value ?? `http://localhost:${port}`), '');
  const smtpUrl = read('SMTP_URL', parseSmtpUrl, undefined);
  const unsubscribeEmail = read('UNSUBSCRIBE_EMAIL', parseMailbox, undefined);
  const contactEmail = read('CONTACT_EMAIL', (value) => parseMailbox(value) ?? BRAND.supportEmail, BRAND.supportEmail);
  const nodeEnv = read('NODE_ENV', (value) => parseChoice(value ?? 'development', NODE_ENVS), 'development');
  const logLevel = read('LOG_LEVEL', (value) => parseChoice(value ?? defaultLogLevel(nodeEnv), LOG_LEVELS), 'info');
  const trustProxy = read('TRUST_PROXY', parseTrustProxy, false);
  const rateLimitFactor = read('RATE_LIMIT_FACTOR', parseRateLimitFactor, 1);
  const csrfSecret = read('CSRF_SECRET', parseSecret, undefined);
  const storage = readStorage(env, problems);
  const payments = readPayments(env, nodeEnv, problems);
  const google = readGoogle(env, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    redis: redisUrl ? { url: redisUrl, prefix: redisPrefix } : undefined,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    smtpUrl,
    unsubscribeEmail,
    contactEmail,
    logLevel,
    nodeEnv,
    trustProxy,
    rateLimitFactor,
    csrfSecret,
    storage,
    payments,
    google,
  };
}

// The client secret is a secret: problems name the variable, never repeat the value.
function readGoogle(env: Env, problems: { variable: string; problem: string }[]): GoogleConfig {
  const clientId = blankToUndefined(env.GOOGLE_CLIENT_ID);
  const clientSecret = blankToUndefined(env.GOOGLE_CLIENT_SECRET);
  const issuer = blankToUndefined(env.GOOGLE_ISSUER_URL);
  if (clientId === undefined && clientSecret === undefined) {
    if (issuer !== undefined) {
      problems.push({
        variable: 'GOOGLE_ISSUER_URL',
        problem: 'is set but GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not (set both, or unset it)',
      });
    }
    return { enabled: false };
  }
  if (clientId === undefined || clientSecret === undefined) {
    const missing = clientId === undefined ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET';
    problems.push({ variable: missing, problem: 'must be set together with the other Google variable' });
    return { enabled: false };
  }
  const before = problems.length;
  if (!/^[\x21-\x7e]{1,255}$/.test(clientId)) {
    problems.push({ variable: 'GOOGLE_CLIENT_ID', problem: 'must be 1 to 255 printable characters without spaces' });
  }
  if (!/^[\x21-\x7e]{8,255}$/.test(clientSecret)) {
    problems.push({
      variable: 'GOOGLE_CLIENT_SECRET',
      problem: 'must be 8 to 255 printable characters without spaces',
    });
  }
  const url = tryUrl(issuer ?? GOOGLE_ISSUER);
  const loopback = url !== undefined && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!url || url.username !== '' || url.search !== '' || url.hash !== '') {
    problems.push({
      variable: 'GOOGLE_ISSUER_URL',
      problem: 'must be an https:// URL without credentials, query or fragment',
    });
  } else if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    problems.push({
      variable: 'GOOGLE_ISSUER_URL',
      problem: 'must be https:// (plain http:// only on 127.0.0.1, localhost or [::1])',
    });
  }
  if (problems.length > before) return { enabled: false };
  return {
    enabled: true,
    clientId,
    clientSecret,
    issuerUrl: (issuer ?? GOOGLE_ISSUER).replace(/\/+$/, ''),
    allowInsecureIssuer: url!.protocol === 'http:',
  };
}

// Keys are secrets: problems name the variable, never repeat the value.
function readPayments(env: Env, nodeEnv: NodeEnv, problems: { variable: string; problem: string }[]): PaymentsConfig {
  const secretKey = blankToUndefined(env.STRIPE_SECRET_KEY);
  const webhookSecret = blankToUndefined(env.STRIPE_WEBHOOK_SECRET);
  const sandboxSecret = blankToUndefined(env.PAYMENTS_SANDBOX_WEBHOOK_SECRET);
  const inProduction = blankToUndefined(env.PAYMENTS_SANDBOX_IN_PRODUCTION);
  if (inProduction !== undefined && !['true', 'false'].includes(inProduction)) {
    problems.push({ variable: 'PAYMENTS_SANDBOX_IN_PRODUCTION', problem: 'must be true or false' });
  }
  if (secretKey !== undefined || webhookSecret !== undefined) {
    if (secretKey === undefined || webhookSecret === undefined) {
      const missing = secretKey === undefined ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
      problems.push({ variable: missing, problem: 'must be set together with the other Stripe variable' });
    } else {
      if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) {
        problems.push({
          variable: 'STRIPE_SECRET_KEY',
          problem: 'is not a Stripe secret key (sk_test_..., sk_live_...)',
        });
      }
      if (!/^whsec_[A-Za-z0-9]+$/.test(webhookSecret)) {
        problems.push({ variable: 'STRIPE_WEBHOOK_SECRET', problem: 'is not a webhook signing secret (whsec_...)' });
      }
      return { kind: 'stripe', secretKey, webhookSecret };
    }
  }
  if (sandboxSecret !== undefined && sandboxSecret.length < 32) {
    problems.push({ variable: 'PAYMENTS_SANDBOX_WEBHOOK_SECRET', problem: 'must be at least 32 characters' });
  }
  const allowedInProduction = inProduction === 'true';
  if (nodeEnv === 'production' && !allowedInProduction && problems.length === 0) {
    problems.push({
      variable: 'STRIPE_SECRET_KEY',
      problem:
        'is unset with NODE_ENV=production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX_IN_PRODUCTION=true to run the test payment sandbox',
    });
  }
  return { kind: 'sandbox', webhookSecret: sandboxSecret, allowedInProduction };
}

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

// Keys are secrets: problems name the variable, never repeat the value.
function readStorage(env: Env, problems: { variable: string; problem: string }[]): StorageConfig {
  const value = Object.fromEntries(S3_VARIABLES.map((name) => [name, blankToUndefined(env[name])])) as Record<
    (typeof S3_VARIABLES)[number],
    string | undefined
  >;
  const bucket = value.S3_BUCKET;
  if (bucket === undefined) {
    for (const name of S3_VARIABLES.filter((n) => value[n] !== undefined)) {
      problems.push({
        variable: name,
        problem: 'is set but S3_BUCKET is not (set S3_BUCKET, or unset every S3_* variable)',
      });
    }
    return { kind: 'local' };
  }
  const before = problems.length;
  // S3's own rules: 3 to 63 lower-case letters, digits, dots and dashes, starting and ending with a letter or digit.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push({ variable: 'S3_BUCKET', problem: `"${bucket}" is not a valid bucket name` });
  }
  const region = value.S3_REGION ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) {
    problems.push({ variable: 'S3_REGION', problem: `"${region}" is not a region name such as eu-west-1` });
  }
  const endpoint = value.S3_ENDPOINT;
  if (endpoint !== undefined) {
    const url = tryUrl(endpoint);
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '' || url.username !== '') {
      problems.push({ variable: 'S3_ENDPOINT', problem: 'must be an http:// or https:// URL without credentials' });
    }
  }
  const keyId = value.S3_ACCESS_KEY_ID;
  const secret = value.S3_SECRET_ACCESS_KEY;
  if ((keyId === undefined) !== (secret === undefined)) {
    const missing = keyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    problems.push({ variable: missing, problem: 'must be set together with the other S3 key variable' });
  }
  let forcePathStyle = endpoint !== undefined;
  if (value.S3_FORCE_PATH_STYLE !== undefined) {
    if (!['true', 'false'].includes(value.S3_FORCE_PATH_STYLE)) {
      problems.push({ variable: 'S3_FORCE_PATH_STYLE', problem: 'must be true or false' });
    }
    forcePathStyle = value.S3_FORCE_PATH_STYLE === 'true';
  }
  if (problems.length > before) return { kind: 'local' };
  return {
    kind: 's3',
    bucket,
    region,
    endpoint,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle,
  };
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function defaultLogLevel(nodeEnv: NodeEnv): LogLevel {
  return nodeEnv === 'test' ? 'silent' : 'info';
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new Error(`"${value}" is not a port; use a whole number from 0 to 65535`);
  }
  return Number(value);
}

function parseHost(value: string | undefined): string {
  if (value === undefined) return '127.0.0.1';
  const hostname = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
  if (isIP(value) === 0 && !hostname.test(value)) {
    throw new Error(`"${value}" is not an IP address or host name (use 0.0.0.0 to listen on every interface)`);
  }
  return value;
}

// Connection strings may hold passwords: problems never repeat the value.
function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = tryUrl(value);
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) {
    throw new Error('must be a redis:// or rediss:// URL');
  }
  return value;
}

function parseRedisPrefix(value: string | undefined): string {
  if (value === undefined) return 'marketplace:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(value)) throw new Error('must be 1 to 64 letters, digits or ":_.-"');
  return value;
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = tryUrl(value);
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || url.hostname === '') {
    throw new Error('must be a postgres:// or postgresql:// URL with a host (unset it to use the embedded database)');
  }
  return value;
}

function parseRateLimitFactor(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 10000) {
    throw new Error(`"${value}" is not a whole number from 1 to 10000`);
  }
  return Number(value);
}

// A secret: problems never repeat the value.
function parseSecret(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length < 32) throw new Error('must be at least 32 characters (e.g. openssl rand -base64 32)');
  return value;
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = tryUrl(value);
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') {
    throw new Error('must be an smtp:// or smtps:// URL with a host');
  }
  return value;
}

function parseMailbox(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value)) throw new Error(`"${value}" is not an email address`);
  return value;
}

function parsePublicUrl(value: string): string {
  const url = tryUrl(value);
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '') {
    throw new Error(`"${value}" is not an http:// or https:// URL`);
  }
  if (url.search !== '' || url.hash !== '') throw new Error(`"${value}" must not have a query or a fragment`);
  return url.href.replace(/\/+$/, '');
}

function parseChoice<T extends string>(value: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new Error(`"${value}" is not one of ${choices.join(', ')}`);
  }
  return value as T;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((part) => part.trim());
  const valid = addresses.every((address) => {
    const [ip, bits, ...rest] = address.split('/');
    return rest.length === 0 && isIP(ip ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  });
  if (!valid) {
    throw new Error(`"${value}" must be true, false, a hop count, or comma-separated IP addresses or CIDR ranges`);
  }
  return addresses;
}

function tryUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

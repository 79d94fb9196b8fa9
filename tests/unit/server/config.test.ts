// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      smtpUrl: undefined,
      unsubscribeEmail: undefined,
      contactEmail: 'support@versimarket.com',
      logLevel: 'info',
      nodeEnv: 'development',
      trustProxy: false,
      rateLimitFactor: 1,
      csrfSecret: undefined,
      storage: { kind: 'local' },
      payments: { kind: 'sandbox', webhookSecret: undefined, allowedInProduction: false },
      google: { enabled: false },
    });
  });

  it('turns Google sign-in on with both client settings, on Google unless another https (or loopback http) issuer is named', () => {
    const both = { GOOGLE_CLIENT_ID: '1234.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'GOCSPX-secret-value' };
    expect(loadConfig(both).google).toEqual({
      enabled: true,
      clientId: '1234.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-secret-value',
      issuerUrl: 'https://accounts.google.com',
      allowInsecureIssuer: false,
    });
    expect(loadConfig({ ...both, GOOGLE_ISSUER_URL: 'http://127.0.0.1:3390/' }).google).toMatchObject({
      issuerUrl: 'http://127.0.0.1:3390',
      allowInsecureIssuer: true,
    });
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'only-the-id' }).variables).toEqual(['GOOGLE_CLIENT_SECRET']);
    expect(problemsOf({ GOOGLE_ISSUER_URL: 'https://issuer.example' }).variables).toEqual(['GOOGLE_ISSUER_URL']);
    expect(problemsOf({ ...both, GOOGLE_ISSUER_URL: 'http://issuer.example' }).variables).toEqual([
      'GOOGLE_ISSUER_URL',
    ]);
    const short = problemsOf({ ...both, GOOGLE_CLIENT_SECRET: 'short' });
    expect(short.variables).toEqual(['GOOGLE_CLIENT_SECRET']);
    expect(short.message).not.toContain('short"');
  });

  it('uses Stripe when both its keys are set, the sandbox otherwise, and refuses the sandbox in production unless allowed', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' }).payments).toEqual(
      { kind: 'stripe', secretKey: 'sk_test_abc123', webhookSecret: 'whsec_def456' },
    );
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc123' }).variables).toEqual(['STRIPE_WEBHOOK_SECRET']);
    const bad = problemsOf({ STRIPE_SECRET_KEY: 'pk_test_secretish', STRIPE_WEBHOOK_SECRET: 'whsec_def456' });
    expect(bad.variables).toEqual(['STRIPE_SECRET_KEY']);
    expect(bad.message).not.toContain('pk_test_secretish');
    const production = problemsOf({ NODE_ENV: 'production' });
    expect(production.variables).toEqual(['STRIPE_SECRET_KEY']);
    expect(production.message).toContain('PAYMENTS_SANDBOX_IN_PRODUCTION=true');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }).payments).toEqual({
      kind: 'sandbox',
      webhookSecret: undefined,
      allowedInProduction: true,
    });
    expect(problemsOf({ PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes' }).variables).toEqual(['PAYMENTS_SANDBOX_IN_PRODUCTION']);
    expect(problemsOf({ PAYMENTS_SANDBOX_WEBHOOK_SECRET: 'short' }).variables).toEqual([
      'PAYMENTS_SANDBOX_WEBHOOK_SECRET',
    ]);
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set, and names each bad S3 variable', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'market-uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'market-uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'market-uploads', S3_REGION: 'eu-west-1' }).storage).toMatchObject({
      region: 'eu-west-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(problemsOf({ S3_REGION: 'eu-west-1' }).variables).toEqual(['S3_REGION']);
    const error = problemsOf({
      S3_BUCKET: 'Bad_Bucket',
      S3_ENDPOINT: 'ftp://files.example.com',
      S3_SECRET_ACCESS_KEY: 'hunter2-secret',
      S3_FORCE_PATH_STYLE: 'maybe',
    });
    expect(error.variables).toEqual(['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE']);
    expect(error.message).not.toContain('hunter2-secret');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/marketplace',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/marketplace',
      PUBLIC_URL: 'https://market.example.com/',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      RATE_LIMIT_FACTOR: '100',
      CSRF_SECRET: 'a-long-random-key-from-the-deployment-0123',
      UNSUBSCRIBE_EMAIL: 'unsubscribe@market.example.com',
      CONTACT_EMAIL: 'help@market.example.com',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/marketplace',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/marketplace',
      publicUrl: 'https://market.example.com',
      secureCookies: true,
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      unsubscribeEmail: 'unsubscribe@market.example.com',
      contactEmail: 'help@market.example.com',
      logLevel: 'warn',
      nodeEnv: 'production',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      rateLimitFactor: 100,
      csrfSecret: 'a-long-random-key-from-the-deployment-0123',
    });
  });

  it('derives the public URL from the port, and stays quiet in tests', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('keeps sessions and rate limits in Redis when REDIS_URL is set, under REDIS_PREFIX', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379/2' }).redis).toEqual({
      url: 'redis://cache.internal:6379/2',
      prefix: 'marketplace:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal', REDIS_PREFIX: 'shop-eu:' }).redis).toEqual({
      url: 'rediss://cache.internal',
      prefix: 'shop-eu:',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['HOST', 'not a host!'],
    ['DATABASE_URL', 'mysql://localhost/marketplace'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache.internal:6379'],
    ['REDIS_PREFIX', 'has spaces'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['PUBLIC_URL', 'example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'maybe'],
    ['RATE_LIMIT_FACTOR', '0'],
    ['RATE_LIMIT_FACTOR', '1.5'],
    ['RATE_LIMIT_FACTOR', '20000'],
    ['CSRF_SECRET', 'too-short'],
    ['CONTACT_EMAIL', 'support at example.com'],
    ['CONTACT_EMAIL', 'Support <support@example.com>'],
  ])('names %s when it is %j', (variable, value) => {
    const error = problemsOf({ [variable]: value });
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(variable);
  });

  it('reports every bad variable at once, without echoing secrets', () => {
    const error = problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:hunter2@db/app' });
    expect(error.variables).toEqual(['PORT', 'DATABASE_URL', 'LOG_LEVEL']);
    expect(error.message).not.toContain('hunter2');
  });
});

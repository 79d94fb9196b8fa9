import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { loadContract, type Contract } from './contract/document';
import { openDatabase, type DatabaseHandle } from './db/database';
import { loggerOptions } from './logging';
import { allOperationHandlers, allUploadChecks } from './modules';
import access from './plugins/access';
import compression from './plugins/compression';
import contract from './plugins/contract';
import type { OperationHandlers, UploadChecks } from './plugins/contract';
import cache from './plugins/cache';
import csrf from './plugins/csrf';
import database from './plugins/database';
import email from './plugins/email';
import errorEnvelope, { answerClientError, sendError } from './plugins/error-envelope';
import forms from './plugins/forms';
import passwords from './plugins/passwords';
import payments from './plugins/payments';
import type { StripeConnection } from './plugins/payments-stripe';
import rateLimits from './plugins/rate-limits';
import realtime from './plugins/realtime';
import redis from './plugins/redis';
import securityHeaders from './plugins/security-headers';
import session from './plugins/session';
import shutdown from './plugins/shutdown';
import storage from './plugins/storage';
import tokens from './plugins/tokens';
import { loadCatalogueData } from './modules/catalogue/data-files';
import { syncCatalogueData } from './modules/catalogue/sync';
import messageReminders from './modules/messages/reminders';
import { receiveSignedEvent } from './modules/payments';
import requestExpiry from './modules/requests/expiry';
import uploadSweeper from './modules/uploads/sweeper';
import { FORMS_DIR } from './forms/load';
import webApp from './plugins/web-app';

export interface AppOptions {
  config: Config;
  /** An open, migrated database (tests). Without it the app opens and migrates the configured one and closes it on close. */
  database?: DatabaseHandle;
  /** Defaults to the bundled openapi/generated/openapi.yaml. */
  contract?: Contract;
  /** Defaults to every module's handlers. */
  handlers?: OperationHandlers;
  /** Defaults to every module's checks before a file is stored. */
  uploadChecks?: UploadChecks;
  /** The built web app (dist/web) to serve beside the API; main.ts sets it. */
  webRoot?: string;
  /** The web app's server build (dist/ssr/prerender.js), which draws public pages' first screens. */
  prerenderEntry?: string;
  /** The request forms' folder; defaults to the repository's `forms/`. */
  formsDir?: string;
  /** The catalogue data files' folder, written into the database at start-up; defaults to `src/server/catalogue-data/`. */
  catalogueDataDir?: string;
  /** A local stand-in for Stripe's API (tests of the Stripe adapter). */
  stripeConnection?: StripeConnection;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Where the request forms are read from: the same files the web app renders. */
    formsDir: string;
  }
}

/** The whole server without listening: main.ts listens, tests call `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const contractDocument = options.contract ?? loadContract();
  const ownDatabase = options.database === undefined;
  const databaseHandle = options.database ?? (await openDatabase(config));
  if (ownDatabase) await databaseHandle.migrate();

  const app = Fastify({
    logger: loggerOptions(config),
    // A silent logger writes nothing: requests share it rather than each making a child of it.
    ...(config.logLevel === 'silent' ? { childLoggerFactory: (logger: FastifyBaseLogger) => logger } : {}),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Tokens in paths are up to 128 characters and OAuth codes up to 512: let validation judge them.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 2048 },
    forceCloseConnections: 'idle',
    // The shutdown plugin answers draining requests with the envelope instead.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    clientErrorHandler: answerClientError,
  });

  app.decorate('config', config);
  app.decorate('formsDir', options.formsDir ?? FORMS_DIR);
  try {
    // After the migrations, before anything reads the catalogue; skipped when the files are unchanged.
    const sync = await syncCatalogueData(databaseHandle.db, loadCatalogueData(options.catalogueDataDir), {
      lock: databaseHandle.kind === 'postgres',
    });
    if (!sync.skipped) app.log.info({ changes: sync.changes }, 'catalogue data written from the data files');
    // External plugins first, then ours (fastify/demo order), then the routes.
    await app.register(securityHeaders, { config });
    await app.register(fastifyCookie);
    // Compressed JSON answers (plugins/compression.ts).
    await app.register(compression);
    await app.register(errorEnvelope);
    await app.register(shutdown);
    await app.register(database, { database: databaseHandle, closeOnShutdown: ownDatabase });
    await app.register(redis, { config });
    await app.register(cache, { database: databaseHandle });
    await app.register(session, { config });
    await app.register(email, { config });
    await app.register(storage, { config });
    await app.register(passwords);
    await app.register(tokens);
    await app.register(rateLimits, { config });
    await app.register(realtime, { database: databaseHandle });
    await app.register(payments, {
      config,
      stripeConnection: options.stripeConnection,
      deliver: (rawBody, signature) => receiveSignedEvent(app, rawBody, signature),
    });
    await app.register(csrf);
    await app.register(access);
    await app.register(contract, {
      contract: contractDocument,
      handlers: options.handlers ?? allOperationHandlers(),
      uploadChecks: options.uploadChecks ?? allUploadChecks(),
    });
    await app.register(forms, { contract: contractDocument });
    await app.register(requestExpiry);
    await app.register(messageReminders);
    await app.register(uploadSweeper);
    await app.register(webApp, { webRoot: options.webRoot, prerenderEntry: options.prerenderEntry });
  } catch (error) {
    // A broken contract or handler map stops the start-up; leave nothing open behind.
    await app.close().catch(() => undefined);
    if (ownDatabase) await databaseHandle.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** A hop count means "trust the n nearest proxies" (Fastify's types only take it as a function). */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

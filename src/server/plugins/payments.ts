import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { ApiError } from '../errors';
import type { PaymentProvider } from './payments-port';
import { SandboxProvider, type DeliverEvent } from './payments-sandbox';
import sandboxPage from './payments-sandbox-page';
import { StripeProvider, type StripeConnection } from './payments-stripe';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider: Stripe when configured, else the sandbox. */
    payments: PaymentProvider;
  }
  interface FastifyRequest {
    /** The body's bytes as received, kept for the operations that verify a signature over them. */
    rawBody?: Buffer;
  }
}

/** Operations whose handler needs the body's exact bytes (a signature is computed over them). */
export const RAW_BODY_OPERATIONS = new Set(['handlePaymentWebhook']);

export interface PaymentsOptions {
  config: Config;
  /** Hands a signed event to the webhook's code, for the sandbox's in-process deliveries. */
  deliver: DeliverEvent;
  /** Tests: a local stand-in for Stripe's API. */
  stripeConnection?: StripeConnection;
}

/**
 * The payment provider (`app.payments`), and the raw body of the webhook: kept before the JSON
 * parser reads it, so the contract still validates the parsed event as for any operation. With
 * the sandbox, also its hosted checkout page.
 */
export default fp<PaymentsOptions>(
  async (app, { config, deliver, stripeConnection }) => {
    const payments = config.payments;
    let provider: PaymentProvider;
    if (payments.kind === 'stripe') {
      provider = new StripeProvider(payments.secretKey, payments.webhookSecret, stripeConnection);
    } else {
      if (config.nodeEnv === 'production' && !payments.allowedInProduction) {
        throw new Error(
          'The payment sandbox does not run with NODE_ENV=production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX_IN_PRODUCTION=true',
        );
      }
      const sandbox = new SandboxProvider({
        db: app.db,
        publicUrl: config.publicUrl,
        secret: payments.webhookSecret,
        deliver,
        onDeliveryError: (error, type) =>
          app.log.error({ err: error, type }, 'the sandbox could not deliver a payment event'),
      });
      await app.register(sandboxPage, { provider: sandbox });
      provider = sandbox;
    }
    app.decorate<PaymentProvider>('payments', provider);

    /** The webhook's body as received, kept for its signature; its JSON is parsed as usual after. */
    const keepRawBody = async (request: FastifyRequest, payload: Readable) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += buffer.length;
        if (size > app.initialConfig.bodyLimit!) {
          throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
        }
        chunks.push(buffer);
      }
      const raw = Buffer.concat(chunks);
      request.rawBody = raw;
      const stream = Readable.from([raw]) as typeof payload & { receivedEncodedLength?: number };
      stream.receivedEncodedLength = raw.length;
      return stream;
    };
    // Callback style: every other request passes straight through, with no promise.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const operation = request.routeOptions.config.operation;
      if (!operation || !RAW_BODY_OPERATIONS.has(operation.operationId)) return done(null, payload);
      keepRawBody(request, payload).then((stream) => done(null, stream), done);
    });
  },
  { name: 'payments', dependencies: ['database'] },
);

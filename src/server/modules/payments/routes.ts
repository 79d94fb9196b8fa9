import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { paymentService, receiveSignedEvent } from './service';

const payments = (request: FastifyRequest) => paymentService(request.server);

const REDIRECTING = 'Redirecting you to the secure checkout.';

/** Payments (Y01-Y05) and the provider's webhook; the balance and ledger are the versigems module's. */
export const paymentRoutes: OperationHandlers = {
  listBusinessPlans: (request) => payments(request).listPlans(request.viewer, request.query.interval ?? 'month'),

  createBusinessCheckoutSession: async (request) =>
    answer(await payments(request).createPlanCheckout(viewerOf(request), request.body), { message: REDIRECTING }),

  createBillingPortalSession: async (request) =>
    answer(await payments(request).createPortal(viewerOf(request)), {
      message: 'Redirecting you to the billing portal.',
    }),

  verifyCheckoutSession: async (request) => {
    const { data, message } = await payments(request).verify(
      viewerOf(request),
      request.params.sessionId,
      request.params.status,
    );
    return answer(data, { message });
  },

  listVersigemsBundles: async (request) => payments(request).listBundles(),

  createVersigemsCheckoutSession: async (request) =>
    answer(await payments(request).createVersigemsCheckout(viewerOf(request), request.body), { message: REDIRECTING }),

  handlePaymentWebhook: async (request) => {
    const { duplicate } = await receiveSignedEvent(
      request.server,
      request.rawBody ?? JSON.stringify(request.body),
      request.headers['stripe-signature'] as string,
    );
    return { received: true as const, duplicate };
  },
};

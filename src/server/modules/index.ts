import type { OperationHandlers, UploadChecks } from '../contract/handlers';
import { accountRoutes, accountUploadChecks } from './account/routes';
import { authRoutes } from './auth/routes';
import { businessRoutes } from './business/routes';
import { catalogueRoutes } from './catalogue/routes';
import { directoryRoutes } from './directory/routes';
import { freelancerRoutes, freelancerUploadChecks } from './freelancer/routes';
import { messageRoutes, messageUploadChecks } from './messages/routes';
import { liveRoutes } from './live/routes';
import { paymentRoutes } from './payments/routes';
import { productRoutes } from './products/routes';
import { proposalRoutes, proposalUploadChecks } from './proposals/routes';
import { providerRoutes } from './providers/routes';
import { referenceRoutes } from './references/routes';
import { requestRoutes } from './requests/routes';
import { uploadRoutes, uploadUploadChecks } from './uploads/routes';
import { versigemsRoutes } from './versigems/routes';
import { websiteRoutes, websiteUploadChecks } from './website/routes';
import { endRequestProposals, notifyRequestEnded } from './proposals';
import { onRequestEnded } from './requests';

/**
 * When a request closes or expires, its open proposals are declined and the versigems spent on
 * them come back, in the transaction that ends it; the providers are emailed once it commits.
 */
onRequestEnded({
  name: 'proposals',
  run: endRequestProposals,
  after: (deps, request, result, outcome) => notifyRequestEnded(deps, request, result.declined, outcome),
});

/** Every module's handlers, by operationId. Add a module's `routes.ts` map here. */
export const moduleRoutes: Record<string, OperationHandlers> = {
  account: accountRoutes,
  auth: authRoutes,
  business: businessRoutes,
  catalogue: catalogueRoutes,
  directory: directoryRoutes,
  freelancer: freelancerRoutes,
  messages: messageRoutes,
  live: liveRoutes,
  payments: paymentRoutes,
  products: productRoutes,
  proposals: proposalRoutes,
  providers: providerRoutes,
  references: referenceRoutes,
  requests: requestRoutes,
  uploads: uploadRoutes,
  versigems: versigemsRoutes,
  website: websiteRoutes,
};

export function allOperationHandlers(modules: Record<string, OperationHandlers> = moduleRoutes): OperationHandlers {
  const handlers: Record<string, unknown> = {};
  for (const [module, routes] of Object.entries(modules)) {
    for (const [operationId, handler] of Object.entries(routes)) {
      if (handlers[operationId]) throw new Error(`Two modules handle ${operationId} (the second is ${module})`);
      handlers[operationId] = handler;
    }
  }
  return handlers as OperationHandlers;
}

/**
 * Every module's checks run before a multipart operation stores a file, by operationId; each
 * multipart operation a module handles has one (at least its rate limit), or the app does not start.
 */
export function allUploadChecks(): UploadChecks {
  return {
    ...accountUploadChecks,
    ...freelancerUploadChecks,
    ...messageUploadChecks,
    ...proposalUploadChecks,
    ...uploadUploadChecks,
    ...websiteUploadChecks,
  };
}

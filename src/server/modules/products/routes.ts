import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { productRequestService, type ProductRequestInput, type ProductRequestType } from './service';

type Schemas = components['schemas'];

const MESSAGES: Record<ProductRequestType, string> = {
  netsuite: 'Thank you. A NetSuite specialist will contact you within one business day.',
  'react-hire': 'Thank you. We will contact you within one business day to plan a shortlist call.',
};

/** Visitors and signed-in callers alike; a signed-in caller's request is linked to the account. */
const create =
  (type: ProductRequestType) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<Schemas['ProductRequestResponse']> => {
    const data = await productRequestService(request.server).create(type, request.body as ProductRequestInput, {
      userId: request.viewer?.userId ?? null,
      ip: request.ip,
    });
    reply.header('cache-control', 'no-store').code(201);
    return { status: 'success', message: MESSAGES[type], data };
  };

/** The products tag: NetSuite (P01) and React-hire (P02) requests. */
export const productRoutes: OperationHandlers = {
  createNetsuiteProductRequest: create('netsuite'),
  createReactHireRequest: create('react-hire'),
};

import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers } from '../../contract/handlers';
import { productRequestService, type ProductRequestInput, type ProductRequestType } from './service';

const MESSAGES: Record<ProductRequestType, string> = {
  netsuite: 'Thank you. A NetSuite specialist will contact you within one business day.',
  'react-hire': 'Thank you. We will contact you within one business day to plan a shortlist call.',
};

/** Visitors and signed-in callers alike; a signed-in caller's request is linked to the account. */
const create = (type: ProductRequestType) => async (request: FastifyRequest<{ Body: ProductRequestInput }>) => {
  const data = await productRequestService(request.server).create(type, request.body, {
    userId: request.viewer?.userId ?? null,
    ip: request.ip,
  });
  return answer(data, { message: MESSAGES[type] });
};

/** The products tag: NetSuite (P01) and React-hire (P02) requests. */
export const productRoutes: OperationHandlers = {
  createNetsuiteProductRequest: create('netsuite'),
  createReactHireRequest: create('react-hire'),
};

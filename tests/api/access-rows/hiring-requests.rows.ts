import type { FastifyInstance } from 'fastify';
import { serviceRequestService } from '../../../src/server/modules/requests/service';
import { createAccount } from '../helpers';
import { mobileRequestBody } from '../../support/request-bodies';
import { clientOnly, freelancerOnly, type AccessRows } from './rows';

/** An open request of a client who is none of the callers: every client caller gets its 404. */
async function someoneElsesRequest(app: FastifyInstance): Promise<string> {
  const owner = await createAccount(app, 'client');
  const { request } = await serviceRequestService(app).create(owner.user.id, mobileRequestBody());
  return request.id;
}

/** Changing and closing a request (its client only), and the freelancer's versigems. */
export const rows: AccessRows = {
  updateServiceRequest: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/service/request/${await someoneElsesRequest(app)}/update/`,
      payload: { title: mobileRequestBody().title, answers: mobileRequestBody().answers },
    }),
    expected: clientOnly(404),
  },
  closeServiceRequest: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/service/request/${await someoneElsesRequest(app)}/close/`,
      payload: { reason: 'no-longer-needed' },
    }),
    expected: clientOnly(404),
  },
  getVersigemsBalance: {
    request: async () => ({ url: '/api/payments/freelancer/versigems/?page=1&pageSize=5' }),
    expected: freelancerOnly(200),
  },
};

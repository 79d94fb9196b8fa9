import type { FastifyInstance } from 'fastify';
import { proposals } from '../../../src/server/db/schema';
import { createAccount } from '../helpers';
import { postRequest, proposalFields } from '../proposal-fixtures';
import { multipart } from '../upload-files';
import { clientOnly, providersOnly, type AccessRows } from './rows';

/** An open request of a client who is none of the callers. */
async function someoneElsesRequest(app: FastifyInstance) {
  const owner = await createAccount(app, 'client');
  return postRequest(app, owner.user.id);
}

/** A proposal of a freelancer who is none of the callers, on another client's request. */
async function someoneElsesProposal(app: FastifyInstance): Promise<string> {
  const request = await someoneElsesRequest(app);
  const provider = await createAccount(app, 'freelancer');
  const [row] = await app.db
    .insert(proposals)
    .values({
      requestId: request.id,
      providerId: provider.user.id,
      providerType: 'freelancer',
      coverLetter: 'I have built Power BI sales and inventory models on NetSuite data for three distributors.',
      priceType: 'hourly',
      amount: 95,
      currency: 'USD',
      estimatedDuration: 'one-to-three-months',
    })
    .returning();
  return row!.id;
}

function formRequest(url: string, fields: Record<string, string>) {
  const form = multipart(fields);
  return { method: 'POST' as const, url, payload: form.payload, headers: form.headers };
}

/** Another's proposal or request is a 404 to every account; a fresh freelancer has no versigems (409). */
export const rows: AccessRows = {
  submitProposal: {
    request: async (app) =>
      formRequest('/api/service/request/proposal/submit/', {
        requestId: (await someoneElsesRequest(app)).id,
        ...proposalFields(),
      }),
    expected: { visitor: 401, client: 403, freelancer: 409, business: 201 },
  },
  getProposalQuote: {
    request: async (app) => ({ url: `/api/service/request/${(await someoneElsesRequest(app)).id}/proposal/quote/` }),
    expected: providersOnly(200),
  },
  listMyProposals: {
    request: async () => ({ url: '/api/service/request/proposal/all/?status=submitted' }),
    expected: providersOnly(200),
  },
  getProposal: {
    request: async (app) => ({ url: `/api/service/request/proposal/${await someoneElsesProposal(app)}/` }),
    expected: { visitor: 401, client: 404, freelancer: 404, business: 404 },
  },
  listServiceRequestProposals: {
    request: async (app) => ({
      url: `/api/service/client/request/${(await someoneElsesRequest(app)).id}/proposals/?sort=price-low`,
    }),
    expected: clientOnly(404),
  },
  updateProposal: {
    request: async (app) =>
      formRequest(`/api/service/request/proposal/${await someoneElsesProposal(app)}/update/`, proposalFields()),
    expected: { visitor: 401, client: 403, freelancer: 404, business: 404 },
  },
  withdrawProposal: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/service/request/proposal/${await someoneElsesProposal(app)}/withdraw/`,
    }),
    expected: { visitor: 401, client: 403, freelancer: 404, business: 404 },
  },
  shortlistProposal: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/service/client/request/proposal/${await someoneElsesProposal(app)}/shortlist/`,
      payload: { shortlisted: true },
    }),
    expected: clientOnly(404),
  },
  declineProposal: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/service/client/request/proposal/${await someoneElsesProposal(app)}/decline/`,
      payload: { reason: 'We went with a team that has NetSuite experience in-house.' },
    }),
    expected: clientOnly(404),
  },
  hireProposal: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/service/client/request/proposal/${await someoneElsesProposal(app)}/hire/`,
    }),
    expected: clientOnly(404),
  },
};

import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers, type UploadChecks } from '../../contract/handlers';
import type { UploadCheck } from '../../contract/multipart';
import { spendUploadAllowance } from '../upload-allowance';
import { viewerOf } from '../viewer';
import { proposalService } from './service';

const proposals = (request: FastifyRequest) => proposalService(request.server);

/** Proposals on service requests (R09-R12): the provider's side and the request client's. */
export const proposalRoutes: OperationHandlers = {
  submitProposal: async (request) => {
    const proposal = await proposals(request).submit(viewerOf(request), request.body);
    return answer(proposal, { message: 'Your proposal is sent.' });
  },

  getProposalQuote: (request) => proposals(request).quote(viewerOf(request), request.params.id),

  listMyProposals: (request) => {
    const { status, page, pageSize } = request.query;
    return proposals(request).listMine(viewerOf(request), { status, page: page ?? 1, pageSize: pageSize ?? 20 });
  },

  getProposal: (request) => proposals(request).get(viewerOf(request), request.params.id),

  listServiceRequestProposals: (request) => {
    const { status, sort, page, pageSize } = request.query;
    return proposals(request).listForRequest(viewerOf(request), request.params.id, {
      status,
      sort,
      page: page ?? 1,
      pageSize: pageSize ?? 20,
    });
  },

  updateProposal: async (request) => {
    const proposal = await proposals(request).update(viewerOf(request), request.params.id, request.body);
    return answer(proposal, { message: 'Your proposal is updated.' });
  },

  withdrawProposal: async (request) => {
    const proposal = await proposals(request).withdraw(viewerOf(request), request.params.id);
    return answer(proposal, { message: 'Your proposal is withdrawn.' });
  },

  shortlistProposal: async (request) => {
    const { shortlisted } = request.body;
    const proposal = await proposals(request).shortlist(viewerOf(request), request.params.id, shortlisted);
    return answer(proposal, {
      message: shortlisted ? 'The proposal is on your shortlist.' : 'The proposal is off your shortlist.',
    });
  },

  declineProposal: async (request) => {
    const proposal = await proposals(request).decline(viewerOf(request), request.params.id, request.body?.reason);
    return answer(proposal, { message: 'The proposal is declined. We let the provider know.' });
  },

  hireProposal: async (request) => {
    const proposal = await proposals(request).hire(viewerOf(request), request.params.id);
    return answer(proposal, { message: 'You hired this provider. We let them know.' });
  },
};

/** Proposals sent or edited per provider (30 an hour), counted before a file is stored, then the upload allowance. */
const proposalLimits: UploadCheck = async (request, fields) => {
  await request.server.rateLimits.consume('proposal', viewerOf(request).userId);
  await spendUploadAllowance(request, fields);
};

export const proposalUploadChecks: UploadChecks = {
  submitProposal: proposalLimits,
  updateProposal: proposalLimits,
};

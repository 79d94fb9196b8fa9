import type { FastifyInstance } from 'fastify';
import { emailListService } from '../../../src/server/modules/messages/email-lists';
import { messagesService } from '../../../src/server/modules/messages/service';
import { createAccount, uniqueEmail } from '../helpers';
import { insertProposal, insertRequest } from '../messages-fixtures';
import { clientOnly, everyone, signedInOnly, type AccessRows } from './rows';

const BODY = 'Hello, could we talk about your reporting work?';

/** A conversation between two new accounts: everyone else gets the same 404 as for none. */
async function othersConversation(app: FastifyInstance): Promise<string> {
  const client = await createAccount(app, 'client');
  const business = await createAccount(app, 'business');
  const { conversation } = await messagesService(app).create(
    { userId: client.user.id, accountType: 'client' },
    { recipientId: business.user.id, body: BODY },
  );
  return conversation.id;
}

/** Messages (M01-M08) and unsubscribe (W04). */
export const rows: AccessRows = {
  listConversations: {
    request: async () => ({ method: 'GET', url: '/api/message/conversations/' }),
    expected: signedInOnly(200),
  },
  // Everyone may write to a business without a request.
  createConversation: {
    request: async (app) => {
      const business = await createAccount(app, 'business');
      return {
        method: 'POST',
        url: '/api/message/conversation/create/',
        payload: { recipientId: business.user.id, body: BODY },
      };
    },
    expected: signedInOnly(201),
  },
  // A proposal on another client's request: the client's 400 names `proposalId`.
  createProposalConversation: {
    request: async (app) => {
      const client = await createAccount(app, 'client');
      const freelancer = await createAccount(app, 'freelancer');
      const request = await insertRequest(app, client.user.id);
      const proposal = await insertProposal(app, request.id, freelancer.user.id);
      return {
        method: 'POST',
        url: '/api/message/conversation/create/proposal/',
        payload: { proposalId: proposal.id, body: BODY },
      };
    },
    expected: clientOnly(400),
  },
  listConversationMessages: {
    request: async (app) => ({
      method: 'GET',
      url: `/api/message/conversation/${await othersConversation(app)}/messages/`,
    }),
    expected: signedInOnly(404),
  },
  sendMessage: {
    request: async (app) => ({
      method: 'POST',
      url: `/api/message/conversation/${await othersConversation(app)}/messages/send/`,
      payload: { body: BODY },
    }),
    expected: signedInOnly(404),
  },
  // Another client's request.
  listRequestInvites: {
    request: async (app) => {
      const client = await createAccount(app, 'client');
      const request = await insertRequest(app, client.user.id);
      return { method: 'GET', url: `/api/message/client/request/${request.id}/invites/` };
    },
    expected: clientOnly(404),
  },
  // A new freelancer has no versigems: the 409 that sends them to buy some.
  unlockRequestInvite: {
    request: async (app) => {
      const client = await createAccount(app, 'client');
      const request = await insertRequest(app, client.user.id);
      return { method: 'GET', url: `/api/message/freelancer/request-invite/restriction/${request.id}/unlock/` };
    },
    expected: { visitor: 401, client: 403, freelancer: 409, business: 403 },
  },
  sendGuestDirectContact: {
    request: async (app) => {
      const business = await createAccount(app, 'business');
      return {
        method: 'POST',
        url: '/api/message/guest/direct-contact/',
        payload: {
          name: 'Hannah Schmidt',
          email: uniqueEmail('guest'),
          recipientId: business.user.id,
          message: 'We need a NetSuite reporting setup. Could we schedule a call next week?',
        },
      };
    },
    expected: everyone(201),
  },
  unsubscribe: {
    request: async (app) => {
      const account = await createAccount(app, 'freelancer');
      return {
        method: 'POST',
        url: '/api/website/unsubscribe/',
        payload: { token: emailListService(app).tokens.issue(account.user.id), lists: ['job-alerts'] },
      };
    },
    expected: everyone(200),
  },
};

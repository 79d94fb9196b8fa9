import type { FastifyRequest } from 'fastify';
import { answer, type OperationHandlers, type UploadChecks } from '../../contract/handlers';
import { viewerOf } from '../viewer';
import { emailListService } from './email-lists';
import { messagesService } from './service';

const messages = (request: FastifyRequest) => messagesService(request.server);
const SENT = 'Your message is sent.';

/**
 * The messages tag (M01-M08) and the email lists (W04): the unsubscribe page's call, the
 * one-click unsubscribe of mail clients and the account's preferences in Settings. The
 * live-events stream is served elsewhere.
 */
export const messageRoutes: OperationHandlers = {
  listConversations: (request) => {
    const { unread, requestId, page, pageSize } = request.query;
    return messages(request).list(viewerOf(request), {
      unread: unread ?? false,
      requestId,
      page: page ?? 1,
      pageSize: pageSize ?? 20,
    });
  },

  createConversation: async (request) => {
    const { conversation, created } = await messages(request).create(viewerOf(request), request.body);
    return answer(conversation, { message: SENT, status: created ? 201 : 200 });
  },

  createProposalConversation: async (request) => {
    const { conversation, created } = await messages(request).createForProposal(viewerOf(request), request.body);
    return answer(conversation, { message: SENT, status: created ? 201 : 200 });
  },

  listConversationMessages: (request) => {
    const { page, pageSize } = request.query;
    return messages(request).messages(viewerOf(request), request.params.id, {
      page: page ?? 1,
      pageSize: pageSize ?? 20,
    });
  },

  sendMessage: async (request) => {
    const message = await messages(request).send(viewerOf(request), request.params.id, request.body);
    return answer(message, { message: SENT });
  },

  listRequestInvites: (request) => {
    const { status, page, pageSize } = request.query;
    return messages(request).invites(viewerOf(request), request.params.id, {
      status,
      page: page ?? 1,
      pageSize: pageSize ?? 20,
    });
  },

  unlockRequestInvite: async (request) => {
    const data = await messages(request).unlock(viewerOf(request), request.params.id);
    return answer(data, { message: 'Unlocked. You can now message the client.' });
  },

  sendGuestDirectContact: async (request) => {
    const { data, recipientName } = await messages(request).guestContact(request.ip, request.body);
    return answer(data, { message: `Your message is sent. ${recipientName} will reply by email.` });
  },

  unsubscribe: async (request) => {
    const { data, message } = await emailListService(request.server).unsubscribe(
      request.body.token,
      request.body.lists,
    );
    return answer(data, { message });
  },

  unsubscribeOneClick: async (request) => {
    // A multipart body was counted by the check before its parts were read.
    if (!request.isMultipart()) await request.server.rateLimits.consume('unsubscribeOneClick', request.query.token);
    const { data, message } = await emailListService(request.server).unsubscribe(request.query.token, undefined);
    return answer(data, { message });
  },

  getEmailPreferences: (request) => emailListService(request.server).preferences(viewerOf(request).userId),

  updateEmailPreferences: async (request) => {
    const data = await emailListService(request.server).updatePreferences(viewerOf(request).userId, request.body);
    return answer(data, { message: 'Your email preferences are saved.' });
  },
};

/** The one-click unsubscribe's multipart form carries no file; its limit is counted per link first. */
export const messageUploadChecks: UploadChecks = {
  unsubscribeOneClick: async (request) => {
    const { token } = request.query as { token: string };
    await request.server.rateLimits.consume('unsubscribeOneClick', token);
  },
};

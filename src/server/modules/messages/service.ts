import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { ConversationRow, InviteStatus, MessageRow } from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { perApp, type AppDeps } from '../../lib/per-app';
import type { Viewer } from '../../plugins/session';
import { publicPersonName } from '../providers';
import { attachmentsOfEach, claimAttachments, downloadUrlsById, validateAttachmentIds } from '../uploads/service';
import { spendVersigems, VERSIGEMS_PRICES } from '../versigems';
import { guestContactCopy, guestContactToProvider } from './email';
import * as queries from './queries';

type Schemas = components['schemas'];
type Conversation = Schemas['Conversation'];
type Message = Schemas['Message'];
type UserSummary = Schemas['UserSummary'];

/** Requests that take contact from providers (the job board's). */
const OPEN_STATUSES = ['open', 'in-review'];
const PREVIEW_LENGTH = 160;
const SUBJECT_LENGTH = 60;

const LOCKED_REPLY = `Unlock this request with ${VERSIGEMS_PRICES.unlock} versigems to reply to the client.`;
const LOCKED_START = `Unlock this request with ${VERSIGEMS_PRICES.unlock} versigems to contact the client.`;
const CONVERSATION_UNKNOWN = 'We could not find this conversation.';

/** `bodyPreview`: one line, at most 160 characters and `…`. */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  if (line === '') return '[attachment]';
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH).trimEnd()}…` : line;
}

/** The subject when none is given: the first 60 characters of the body, on one line. */
function subjectFromBody(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > SUBJECT_LENGTH ? line.slice(0, SUBJECT_LENGTH).trimEnd() : line;
}

/** The trimmed text of a field, or a field error when nothing is left. */
function trimmed(value: string, field: string, errors: FieldError[]): string {
  const text = value.trim();
  if (text === '') errors.push({ field, message: 'must not be empty' });
  return text;
}

const pagination = (page: number, pageSize: number, total: number): Schemas['Pagination'] => ({
  page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

function displayName(person: queries.PersonRow): string {
  const name = person.accountType === 'business' ? person.companyname?.trim() : publicPersonName(person);
  return name || 'Member';
}

export type MessagesDeps = Pick<AppDeps, 'db' | 'rateLimits' | 'realtime' | 'email' | 'config' | 'log'>;

export class MessagesService {
  constructor(private readonly deps: MessagesDeps) {}

  private get db(): Database {
    return this.deps.db;
  }

  /** One transaction; queries take it as the database. */
  private transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((transaction) => work(transaction as unknown as Database));
  }

  // ---------------------------------------------------------------- presenting

  private async summaries(ids: readonly string[]): Promise<Map<string, UserSummary & { email: string }>> {
    const rows = await queries.people(this.db, [...new Set(ids)]);
    const images = await downloadUrlsById(
      this.db,
      rows.map((row) => row.imageId).filter((id): id is string => id !== null),
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          accountType: row.accountType,
          displayName: displayName(row),
          avatarUrl: (row.imageId && images.get(row.imageId)) || null,
          companyId: row.companyId,
          email: row.email,
        },
      ]),
    );
  }

  private static summary(person: (UserSummary & { email?: string }) | undefined, id: string): UserSummary {
    if (!person) return { id, accountType: 'client', displayName: 'Member', avatarUrl: null, companyId: null };
    const { email: _email, ...summary } = person;
    return summary;
  }

  /** The conversations as `viewer` sees them: a fixed number of queries whatever the page size. */
  private async conversationViews(viewer: Viewer, rows: ConversationRow[]): Promise<Conversation[]> {
    if (rows.length === 0) return [];
    const requestIds = [...new Set(rows.map((row) => row.requestId).filter((id): id is string => id !== null))];
    const [people, lastMessages, unread, requests, contactable] = await Promise.all([
      this.summaries(rows.flatMap((row) => [row.userA, row.userB])),
      queries.messagesByIds(
        this.db,
        rows.map((row) => row.lastMessageId).filter((id): id is string => id !== null),
      ),
      queries.unreadCounts(
        this.db,
        viewer.userId,
        rows.map((row) => row.id),
      ),
      queries.requestsByIds(this.db, requestIds),
      viewer.accountType === 'freelancer'
        ? queries.contactableRequests(this.db, viewer.userId, requestIds)
        : Promise.resolve(new Set<string>()),
    ]);
    const lastById = new Map(lastMessages.map((message) => [message.id, message]));
    const requestById = new Map(requests.map((request) => [request.id, request]));
    return rows.map((row) => {
      const other = row.userA === viewer.userId ? row.userB : row.userA;
      const last = row.lastMessageId ? lastById.get(row.lastMessageId) : undefined;
      const request = row.requestId ? requestById.get(row.requestId) : undefined;
      return {
        id: row.id,
        participants: [
          MessagesService.summary(people.get(viewer.userId), viewer.userId),
          MessagesService.summary(people.get(other), other),
        ],
        subject: row.subject,
        request: request ? { id: request.id, refId: request.refId, title: request.title } : null,
        proposal: row.proposalId ? { id: row.proposalId } : null,
        lastMessage: last
          ? {
              id: last.id,
              bodyPreview: previewOf(last.body),
              senderId: last.senderId,
              createdAt: last.createdAt.toISOString(),
            }
          : null,
        unreadCount: unread.get(row.id) ?? 0,
        locked: viewer.accountType === 'freelancer' && row.requestId !== null && !contactable.has(row.requestId),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  private async conversationView(viewer: Viewer, row: ConversationRow): Promise<Conversation> {
    const [view] = await this.conversationViews(viewer, [row]);
    return view!;
  }

  private async messageViews(rows: MessageRow[]): Promise<Message[]> {
    if (rows.length === 0) return [];
    const [people, attachments] = await Promise.all([
      this.summaries(rows.map((row) => row.senderId)),
      attachmentsOfEach(
        this.db,
        'message',
        rows.map((row) => row.id),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id,
      conversationId: row.conversationId,
      sender: MessagesService.summary(people.get(row.senderId), row.senderId),
      body: row.body,
      attachments: attachments.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }));
  }

  // ---------------------------------------------------------------- live events

  /** After the commit: the new message to both participants, each with their own counts. */
  private async publishMessage(conversation: ConversationRow, message: Message): Promise<void> {
    try {
      for (const userId of [conversation.userA, conversation.userB]) {
        const [unread, unreadConversations] = await Promise.all([
          queries.unreadCounts(this.db, userId, [conversation.id]),
          queries.unreadConversationCount(this.db, userId),
        ]);
        await this.deps.realtime.publish([userId], {
          type: 'message',
          message,
          conversationId: conversation.id,
          unreadCount: unread.get(conversation.id) ?? 0,
          unreadConversations,
        });
      }
    } catch (error) {
      // The message is stored; a missed event only delays what the app shows until it refetches.
      this.deps.log.warn({ err: error }, 'publishing a message event failed');
    }
  }

  private async publishRead(conversation: ConversationRow, readerId: string, readAt: Date): Promise<void> {
    try {
      for (const userId of [conversation.userA, conversation.userB]) {
        await this.deps.realtime.publish([userId], {
          type: 'read',
          conversationId: conversation.id,
          readerId,
          readAt: readAt.toISOString(),
          unreadConversations: await queries.unreadConversationCount(this.db, userId),
        });
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'publishing a read event failed');
    }
  }

  // ---------------------------------------------------------------- rules

  /** Whether a freelancer may contact the request's client: unlocked, or proposed on it. */
  private async contactable(providerId: string, requestId: string): Promise<boolean> {
    return (await queries.contactableRequests(this.db, providerId, [requestId])).has(requestId);
  }

  private async isLocked(viewer: Viewer, conversation: ConversationRow): Promise<boolean> {
    if (viewer.accountType !== 'freelancer' || conversation.requestId === null) return false;
    return !(await this.contactable(viewer.userId, conversation.requestId));
  }

  /** The conversation when the viewer takes part in it; anyone else gets the same 404 as for no conversation. */
  private async ownConversation(viewer: Viewer, id: string): Promise<ConversationRow> {
    const row = await queries.findConversation(this.db, id);
    if (!row || (row.userA !== viewer.userId && row.userB !== viewer.userId)) throw notFound(CONVERSATION_UNKNOWN);
    return row;
  }

  /**
   * Adds a message inside the caller's transaction: the row, its files, the conversation's order
   * and preview, and what it does to an invite (a provider's reply answers it).
   */
  private async addMessage(
    tx: Database,
    conversation: ConversationRow,
    sender: Viewer,
    body: string,
    attachmentIds: readonly string[] = [],
  ): Promise<MessageRow> {
    const recipientId = conversation.userA === sender.userId ? conversation.userB : conversation.userA;
    const message = await queries.insertMessage(tx, {
      conversationId: conversation.id,
      senderId: sender.userId,
      recipientId,
      body,
      at: new Date(),
    });
    if (attachmentIds.length > 0) {
      await claimAttachments(tx, sender.userId, attachmentIds, { type: 'message', id: message.id }, 'attachmentIds');
    }
    await queries.touchConversation(tx, conversation.id, message);
    if (sender.accountType !== 'client' && conversation.requestId !== null) {
      await queries.markInviteResponded(tx, conversation.requestId, sender.userId, message.createdAt);
    }
    return message;
  }

  /**
   * The conversation of the pair about the request, made when there is none (`created`), with
   * the first message; a racing call that made it first is joined, never duplicated.
   */
  private async writeInConversation(
    viewer: Viewer,
    input: {
      recipientId: string;
      requestId: string | null;
      proposalId: string | null;
      subject: string;
      body: string;
      invite: boolean;
    },
  ): Promise<{ conversation: ConversationRow; message: MessageRow; created: boolean }> {
    const existing = await queries.findConversationOfPair(this.db, viewer.userId, input.recipientId, input.requestId);
    await this.deps.rateLimits.consume(existing ? 'messageSend' : 'conversationCreate', viewer.userId);
    return this.transaction(async (tx) => {
      let created = false;
      let conversation = existing;
      if (!conversation) {
        conversation = await queries.insertConversation(tx, {
          one: viewer.userId,
          other: input.recipientId,
          requestId: input.requestId,
          proposalId: input.proposalId,
          subject: input.subject,
          at: new Date(),
        });
        created = conversation !== null;
        conversation ??= await queries.findConversationOfPair(tx, viewer.userId, input.recipientId, input.requestId);
        if (!conversation) throw new Error('The conversation of a pair vanished while a message was added');
      } else if (input.proposalId && !conversation.proposalId) {
        await queries.setConversationProposal(tx, conversation.id, input.proposalId);
      }
      const message = await this.addMessage(tx, conversation, viewer, input.body);
      if (input.invite && input.requestId) {
        await queries.upsertInvite(tx, {
          requestId: input.requestId,
          providerId: input.recipientId,
          conversationId: conversation.id,
          at: message.createdAt,
        });
      }
      const fresh = await queries.findConversation(tx, conversation.id);
      return { conversation: fresh!, message, created };
    });
  }

  private async answerWritten(
    viewer: Viewer,
    written: { conversation: ConversationRow; message: MessageRow; created: boolean },
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const [message] = await this.messageViews([written.message]);
    await this.publishMessage(written.conversation, message!);
    return { conversation: await this.conversationView(viewer, written.conversation), created: written.created };
  }

  // ---------------------------------------------------------------- M01-M03

  /** M01: the viewer's conversations, most recently active first, and the unread badge. */
  async list(
    viewer: Viewer,
    options: { unread: boolean; requestId?: string; page: number; pageSize: number },
  ): Promise<Schemas['ConversationPage']['data']> {
    const filters = { unread: options.unread, requestId: options.requestId };
    const [rows, total, unreadConversations] = await Promise.all([
      queries.listConversations(this.db, viewer.userId, filters, {
        limit: options.pageSize,
        offset: (options.page - 1) * options.pageSize,
      }),
      queries.countConversations(this.db, viewer.userId, filters),
      queries.unreadConversationCount(this.db, viewer.userId),
    ]);
    return {
      items: await this.conversationViews(viewer, rows),
      pagination: pagination(options.page, options.pageSize, total),
      unreadConversations,
    };
  }

  /** M02: a first message to another user, by the rules at the top of the contract's messages paths. */
  async create(
    viewer: Viewer,
    input: Schemas['ConversationCreateInput'],
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const errors: FieldError[] = [];
    const body = trimmed(input.body, 'body', errors);
    const subject = input.subject === undefined ? undefined : trimmed(input.subject, 'subject', errors);
    if (errors.length > 0) throw validationFailed(errors);

    if (input.recipientId === viewer.userId) {
      throw validationFailed([{ field: 'recipientId', message: 'cannot be yourself' }]);
    }
    const [recipient] = await queries.people(this.db, [input.recipientId]);
    if (!recipient) throw validationFailed([{ field: 'recipientId', message: 'is not a member we know' }]);
    if (viewer.accountType === 'client' && recipient.accountType === 'client') {
      throw forbidden('Clients can write to freelancers and businesses, not to other clients.');
    }
    const request = input.requestId ? await queries.findRequest(this.db, input.requestId) : null;
    let invite = false;
    let proposalId: string | null = null;
    if (viewer.accountType === 'client') {
      if (input.requestId && request?.clientId !== viewer.userId) {
        throw validationFailed([{ field: 'requestId', message: 'is not one of your requests' }]);
      }
      // Writing to a provider who already answered the request is about their proposal, not an
      // invitation to send one.
      const proposal = request ? await queries.findProposalOf(this.db, request.id, recipient.id) : null;
      proposalId = proposal?.id ?? null;
      invite = request !== null && proposal === null && OPEN_STATUSES.includes(request.status);
    } else if (recipient.accountType === 'client') {
      if (!input.requestId) {
        throw validationFailed([{ field: 'requestId', message: 'is required to write to a client' }]);
      }
      if (!request || !(await this.mayWriteAbout(viewer.userId, request))) {
        throw validationFailed([{ field: 'requestId', message: 'is not a request you can write about' }]);
      }
      if (request.clientId !== recipient.id) {
        throw validationFailed([{ field: 'recipientId', message: 'is not the client of this request' }]);
      }
      if (viewer.accountType === 'freelancer' && !(await this.contactable(viewer.userId, request.id))) {
        throw conflict(LOCKED_START);
      }
    } else if (input.requestId) {
      throw validationFailed([{ field: 'requestId', message: 'can only be given when you write to its client' }]);
    }

    const written = await this.writeInConversation(viewer, {
      recipientId: recipient.id,
      requestId: request?.id ?? null,
      proposalId,
      subject: subject ?? request?.title.slice(0, 150) ?? subjectFromBody(body),
      body,
      invite,
    });
    return this.answerWritten(viewer, written);
  }

  /** A provider may write about a public request, one they were invited to, or one they proposed on. */
  private async mayWriteAbout(providerId: string, request: queries.RequestFacts): Promise<boolean> {
    if (OPEN_STATUSES.includes(request.status)) return true;
    if (await queries.wasInvited(this.db, request.id, providerId)) return true;
    return (await queries.findProposalOf(this.db, request.id, providerId)) !== null;
  }

  /** M03: the request's client writes to a proposal's provider. */
  async createForProposal(
    viewer: Viewer,
    input: Schemas['ConversationProposalCreateInput'],
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const errors: FieldError[] = [];
    const body = trimmed(input.body, 'body', errors);
    if (errors.length > 0) throw validationFailed(errors);
    const proposal = await queries.findProposal(this.db, input.proposalId);
    const request = proposal ? await queries.findRequest(this.db, proposal.requestId) : null;
    if (!proposal || !request || request.clientId !== viewer.userId) {
      throw validationFailed([{ field: 'proposalId', message: 'is not a proposal on one of your requests' }]);
    }
    if (proposal.status === 'withdrawn') throw conflict('The provider has withdrawn this proposal.');
    const written = await this.writeInConversation(viewer, {
      recipientId: proposal.providerId,
      requestId: request.id,
      proposalId: proposal.id,
      subject: request.title.slice(0, 150),
      body,
      invite: false,
    });
    return this.answerWritten(viewer, written);
  }

  // ---------------------------------------------------------------- M04, M05

  /** M04: a page of messages (page 1 the newest, oldest first within it); marks the viewer's read. */
  async messages(
    viewer: Viewer,
    conversationId: string,
    options: { page: number; pageSize: number },
  ): Promise<Schemas['MessagePage']['data']> {
    const conversation = await this.ownConversation(viewer, conversationId);
    const [newestFirst, total] = await Promise.all([
      queries.pageOfMessages(this.db, conversation.id, {
        limit: options.pageSize,
        offset: (options.page - 1) * options.pageSize,
      }),
      queries.countMessages(this.db, conversation.id),
    ]);
    const rows = newestFirst.reverse();
    const now = new Date();
    const marked = await queries.markRead(
      this.db,
      viewer.userId,
      rows.map((row) => row.id),
      now,
    );
    if (viewer.accountType !== 'client' && conversation.requestId !== null) {
      await queries.markInviteViewed(this.db, conversation.requestId, viewer.userId, now);
    }
    const readAt = new Map(marked.map((row) => [row.id, row.readAt]));
    const items = await this.messageViews(
      rows.map((row) => (readAt.has(row.id) ? { ...row, readAt: readAt.get(row.id) ?? now } : row)),
    );
    if (marked.length > 0) await this.publishRead(conversation, viewer.userId, now);
    return {
      conversation: await this.conversationView(viewer, conversation),
      items,
      pagination: pagination(options.page, options.pageSize, total),
    };
  }

  /** M05: a message in a conversation the viewer takes part in. */
  async send(viewer: Viewer, conversationId: string, input: Schemas['MessageSendInput']): Promise<Message> {
    const conversation = await this.ownConversation(viewer, conversationId);
    if (await this.isLocked(viewer, conversation)) throw conflict(LOCKED_REPLY);
    const errors: FieldError[] = [];
    const body = trimmed(input.body, 'body', errors);
    const attachmentIds = input.attachmentIds ?? [];
    errors.push(...(await validateAttachmentIds(this.db, viewer.userId, attachmentIds, 'attachmentIds')));
    if (errors.length > 0) throw validationFailed(errors);
    await this.deps.rateLimits.consume('messageSend', viewer.userId);
    const message = await this.transaction((tx) => this.addMessage(tx, conversation, viewer, body, attachmentIds));
    const [view] = await this.messageViews([message]);
    await this.publishMessage(conversation, view!);
    return view!;
  }

  /** Whether the viewer may download a message's files: they take part in its conversation. */
  async mayReadFiles(viewer: Viewer, messageId: string): Promise<boolean> {
    const [message] = await queries.messagesByIds(this.db, [messageId]);
    return message !== undefined && (message.senderId === viewer.userId || message.recipientId === viewer.userId);
  }

  // ---------------------------------------------------------------- M06, M07

  /** M06: the providers the client invited to one of their requests. */
  async invites(
    viewer: Viewer,
    requestId: string,
    options: { status?: InviteStatus; page: number; pageSize: number },
  ): Promise<Schemas['MessageRequestInvitePage']['data']> {
    const request = await queries.findRequest(this.db, requestId);
    if (!request || request.clientId !== viewer.userId) throw notFound('We could not find this request.');
    const [rows, total] = await Promise.all([
      queries.listInvites(this.db, request.id, options.status, {
        limit: options.pageSize,
        offset: (options.page - 1) * options.pageSize,
      }),
      queries.countInvites(this.db, request.id, options.status),
    ]);
    const providerIds = rows.map((row) => row.providerId);
    const [people, proposalIds] = await Promise.all([
      this.summaries(providerIds),
      queries.proposalsOn(this.db, request.id, providerIds),
    ]);
    return {
      request: { id: request.id, refId: request.refId, title: request.title },
      items: rows.map((row) => {
        const proposalId = proposalIds.get(row.providerId);
        return {
          id: row.id,
          provider: MessagesService.summary(people.get(row.providerId), row.providerId),
          status: row.status,
          invitedAt: row.invitedAt.toISOString(),
          viewedAt: row.viewedAt?.toISOString() ?? null,
          respondedAt: row.respondedAt?.toISOString() ?? null,
          proposal: proposalId ? { id: proposalId } : null,
          conversation: row.conversationId ? { id: row.conversationId } : null,
        };
      }),
      pagination: pagination(options.page, options.pageSize, total),
    };
  }

  /**
   * M07: spends the unlock price and records the unlock in one transaction. The unlock row is
   * written first: a second call (or a racing one) finds it and spends nothing.
   */
  async unlock(viewer: Viewer, requestId: string): Promise<Schemas['MessageRequestUnlockResponse']['data']> {
    const request = await queries.findRequest(this.db, requestId);
    const open = request !== null && OPEN_STATUSES.includes(request.status);
    if (!request || (!open && !(await queries.wasInvited(this.db, request.id, viewer.userId)))) {
      throw notFound('We could not find this request, or it is no longer open.');
    }
    const already = 'You have already unlocked this request. You can message the client.';
    if (await queries.findUnlock(this.db, request.id, viewer.userId)) throw conflict(already);
    if (await queries.findProposalOf(this.db, request.id, viewer.userId)) {
      throw conflict('You have sent a proposal on this request, so you can already message the client.');
    }
    if (!open) throw conflict('This request no longer takes new contacts, so it cannot be unlocked.');
    const price = VERSIGEMS_PRICES.unlock;
    const { unlock, balance } = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const row = await queries.insertUnlock(tx, request.id, viewer.userId, price, new Date());
      if (!row) throw conflict(already);
      const spent = await spendVersigems(
        transaction,
        {
          userId: viewer.userId,
          amount: price,
          reason: 'unlock',
          reference: { kind: 'service-request', id: request.id, label: request.title },
          idempotencyKey: `unlock:${request.id}:${viewer.userId}`,
        },
        (shortfall) =>
          `You need ${shortfall.needed} versigems to unlock this request and you have ${shortfall.balance}. Buy versigems to continue.`,
      );
      return { unlock: row, balance: spent.balance };
    });
    return {
      unlock: { requestId: unlock.requestId, gemsSpent: unlock.gemsSpent, unlockedAt: unlock.unlockedAt.toISOString() },
      balance,
    };
  }

  // ---------------------------------------------------------------- M08

  /** M08: a visitor's message, emailed to the provider (replies go to the visitor) with a copy to the visitor. */
  async guestContact(
    ip: string,
    input: Schemas['MessageGuestContactInput'],
  ): Promise<{ data: Schemas['MessageGuestContact']; recipientName: string }> {
    const errors: FieldError[] = [];
    const name = trimmed(input.name, 'name', errors);
    if (name !== '' && name.length < 2) errors.push({ field: 'name', message: 'must be at least 2 characters' });
    const message = trimmed(input.message, 'message', errors);
    if (message !== '' && message.length < 20) {
      errors.push({ field: 'message', message: 'must be at least 20 characters' });
    }
    const email = input.email.trim();
    const [recipient] = await queries.people(this.db, [input.recipientId]);
    if (!recipient || recipient.accountType === 'client') {
      errors.push({ field: 'recipientId', message: 'is not a freelancer or business' });
    }
    if (errors.length > 0 || !recipient) throw validationFailed(errors);
    await this.deps.rateLimits.consume('guestContactPerIp', ip);
    await this.deps.rateLimits.consume('guestContactPerEmail', email.toLowerCase());

    const [summary] = (await this.summaries([recipient.id])).values();
    const providerName = summary!.displayName;
    const profileUrl =
      recipient.accountType === 'business'
        ? `${this.deps.config.publicUrl}/business/${recipient.companyId}/`
        : `${this.deps.config.publicUrl}/freelancer/${recipient.id}/`;
    const guest = { name, email, phone: input.phone ?? null, message };
    const toProvider = guestContactToProvider({ providerName, guest, profileUrl });
    const copy = guestContactCopy({ providerName, guest, profileUrl });
    this.deps.email.sendInBackground(async () => ({ ...toProvider, to: recipient.email, replyTo: email }));
    this.deps.email.sendInBackground(async () => ({ ...copy, to: email }));
    return {
      data: {
        id: randomUUID(),
        recipient: MessagesService.summary(summary, recipient.id),
        createdAt: new Date().toISOString(),
      },
      recipientName: providerName,
    };
  }
}

export const messagesService = perApp((deps: MessagesDeps) => new MessagesService(deps));

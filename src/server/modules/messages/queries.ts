import { and, asc, count, desc, eq, gt, inArray, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import {
  conversations,
  emailOptOuts,
  messages,
  profiles,
  proposals,
  requestInvites,
  requestUnlocks,
  serviceRequests,
  users,
  type ConversationRow,
  type InviteStatus,
  type MessageRow,
} from '../../db/schema';

/*
 * The messages module's reads and writes. It owns conversations, messages, invites, unlocks and
 * email opt-outs; it reads (never writes) the users, profiles, service requests and proposals it
 * shows or decides on, in the same statements, so a page costs a fixed number of queries.
 */

/** The pair as stored: the smaller id first (`conversations_pair_order_check`). */
export const orderedPair = (one: string, other: string): [string, string] =>
  one < other ? [one, other] : [other, one];

export async function findConversation(db: Database, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

/** The conversation of two users about one request (or about none). */
export async function findConversationOfPair(
  db: Database,
  one: string,
  other: string,
  requestId: string | null,
): Promise<ConversationRow | null> {
  const [userA, userB] = orderedPair(one, other);
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userA, userA),
        eq(conversations.userB, userB),
        requestId === null ? isNull(conversations.requestId) : eq(conversations.requestId, requestId),
      ),
    );
  return row ?? null;
}

/** Two users and the request they may have a conversation about. */
export interface PairAboutRequest {
  requestId: string;
  one: string;
  other: string;
}

const pairKey = (pair: PairAboutRequest) => [pair.requestId, ...orderedPair(pair.one, pair.other)].join(' ');

/**
 * The conversation of each pair about its request, or null: one query for a whole page (the
 * requests' conversations, by `conversations_request_idx`), whatever the page's length.
 */
export async function conversationsOfPairs(
  db: Database,
  pairs: readonly PairAboutRequest[],
): Promise<(pair: PairAboutRequest) => string | null> {
  const requestIds = [...new Set(pairs.map((pair) => pair.requestId))];
  const users = [...new Set(pairs.flatMap((pair) => [pair.one, pair.other]))];
  const rows =
    requestIds.length === 0
      ? []
      : await db
          .select({
            id: conversations.id,
            requestId: conversations.requestId,
            userA: conversations.userA,
            userB: conversations.userB,
          })
          .from(conversations)
          .where(
            and(
              inArray(conversations.requestId, requestIds),
              inArray(conversations.userA, users),
              inArray(conversations.userB, users),
            ),
          );
  const found = new Map(
    rows.map((row) => [pairKey({ requestId: row.requestId!, one: row.userA, other: row.userB }), row.id]),
  );
  return (pair) => found.get(pairKey(pair)) ?? null;
}

/**
 * For each request, the messages its client has not read in conversations about it (requests
 * without any are left out): one query for a page of requests.
 */
export async function clientUnreadCounts(db: Database, requestIds: readonly string[]): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ requestId: conversations.requestId, total: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, conversations.requestId))
    .where(
      and(
        inArray(conversations.requestId, [...requestIds]),
        eq(messages.recipientId, serviceRequests.clientId),
        isNull(messages.readAt),
      ),
    )
    .groupBy(conversations.requestId);
  return new Map(rows.map((row) => [row.requestId!, Number(row.total)]));
}

/** A new conversation, or null when the pair already has one about the request (a racing call won). */
export async function insertConversation(
  db: Database,
  values: {
    one: string;
    other: string;
    requestId: string | null;
    proposalId: string | null;
    subject: string;
    at: Date;
  },
): Promise<ConversationRow | null> {
  const [userA, userB] = orderedPair(values.one, values.other);
  const [row] = await db
    .insert(conversations)
    .values({
      userA,
      userB,
      requestId: values.requestId,
      proposalId: values.proposalId,
      subject: values.subject,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function setConversationProposal(db: Database, id: string, proposalId: string): Promise<void> {
  await db
    .update(conversations)
    .set({ proposalId })
    .where(and(eq(conversations.id, id), isNull(conversations.proposalId)));
}

export interface ConversationFilters {
  unread: boolean;
  requestId?: string;
}

/** Conversations with a message the user has not read: read from the partial `messages_unread_idx`. */
function unreadFor(userId: string): SQL {
  return sql`${conversations.id} in (select ${messages.conversationId} from ${messages} where ${messages.recipientId} = ${userId} and ${messages.readAt} is null)`;
}

function ofUser(userId: string, filters: ConversationFilters): SQL {
  return and(
    or(eq(conversations.userA, userId), eq(conversations.userB, userId)),
    filters.requestId === undefined ? undefined : eq(conversations.requestId, filters.requestId),
    filters.unread ? unreadFor(userId) : undefined,
  )!;
}

/** Most recently active first; the id breaks ties so pages never overlap. */
export const listConversations = (
  db: Database,
  userId: string,
  filters: ConversationFilters,
  page: { limit: number; offset: number },
): Promise<ConversationRow[]> =>
  db
    .select()
    .from(conversations)
    .where(ofUser(userId, filters))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(page.limit)
    .offset(page.offset);

export async function countConversations(db: Database, userId: string, filters: ConversationFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(conversations).where(ofUser(userId, filters));
  return Number(row?.total ?? 0);
}

/** How many of the user's conversations hold a message they have not read (the badge). */
export async function unreadConversationCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${messages.conversationId})` })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)));
  return Number(row?.total ?? 0);
}

/** The user's unread messages in each of the given conversations (absent: none). */
export async function unreadCounts(
  db: Database,
  userId: string,
  conversationIds: readonly string[],
): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: messages.conversationId, total: count() })
    .from(messages)
    .where(
      and(
        eq(messages.recipientId, userId),
        isNull(messages.readAt),
        inArray(messages.conversationId, [...conversationIds]),
      ),
    )
    .groupBy(messages.conversationId);
  return new Map(rows.map((row) => [row.conversationId, Number(row.total)]));
}

export async function messagesByIds(db: Database, ids: readonly string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(inArray(messages.id, [...ids]));
}

export async function insertMessage(
  db: Database,
  values: { conversationId: string; senderId: string; recipientId: string; body: string; at: Date },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId: values.conversationId,
      senderId: values.senderId,
      recipientId: values.recipientId,
      body: values.body,
      createdAt: values.at,
    })
    .returning();
  return row!;
}

/** The conversation's list order and preview follow its newest message. */
export async function touchConversation(db: Database, id: string, message: MessageRow): Promise<void> {
  await db
    .update(conversations)
    .set({ lastMessageId: message.id, updatedAt: message.createdAt })
    .where(eq(conversations.id, id));
}

/** A page of a conversation's messages, newest first (the caller turns it round). */
export const pageOfMessages = (
  db: Database,
  conversationId: string,
  page: { limit: number; offset: number },
): Promise<MessageRow[]> =>
  db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);

export async function countMessages(db: Database, conversationId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(messages).where(eq(messages.conversationId, conversationId));
  return Number(row?.total ?? 0);
}

/** Marks the given messages read when they are to `readerId` and still unread; answers those it marked. */
export async function markRead(
  db: Database,
  readerId: string,
  messageIds: readonly string[],
  at: Date,
): Promise<{ id: string; readAt: Date | null }[]> {
  if (messageIds.length === 0) return [];
  return db
    .update(messages)
    .set({ readAt: at })
    .where(and(inArray(messages.id, [...messageIds]), eq(messages.recipientId, readerId), isNull(messages.readAt)))
    .returning({ id: messages.id, readAt: messages.readAt });
}

/** What a user summary needs: the account and its profile image. */
export interface PersonRow {
  id: string;
  accountType: 'client' | 'freelancer' | 'business';
  email: string;
  firstname: string | null;
  lastname: string | null;
  companyname: string | null;
  companyId: string | null;
  imageId: string | null;
}

export async function people(db: Database, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      accountType: users.accountType,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      companyname: users.companyname,
      companyId: users.companyId,
      imageId: profiles.imageId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...ids]));
}

export interface RequestFacts {
  id: string;
  refId: string;
  title: string;
  clientId: string;
  status: string;
}

const requestFacts = {
  id: serviceRequests.id,
  refId: serviceRequests.refId,
  title: serviceRequests.title,
  clientId: serviceRequests.clientId,
  status: serviceRequests.status,
};

export async function findRequest(db: Database, id: string): Promise<RequestFacts | null> {
  const [row] = await db.select(requestFacts).from(serviceRequests).where(eq(serviceRequests.id, id));
  return row ?? null;
}

export async function requestsByIds(db: Database, ids: readonly string[]): Promise<RequestFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select(requestFacts)
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, [...ids]));
}

/** Of the given requests, those the provider unlocked or proposed on: their client is open to them. */
export async function contactableRequests(
  db: Database,
  providerId: string,
  requestIds: readonly string[],
): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const ids = [...requestIds];
  const [unlocked, proposed] = await Promise.all([
    db
      .select({ requestId: requestUnlocks.requestId })
      .from(requestUnlocks)
      .where(and(eq(requestUnlocks.userId, providerId), inArray(requestUnlocks.requestId, ids))),
    db
      .select({ requestId: proposals.requestId })
      .from(proposals)
      .where(and(eq(proposals.providerId, providerId), inArray(proposals.requestId, ids))),
  ]);
  return new Set([...unlocked, ...proposed].map((row) => row.requestId));
}

export async function findUnlock(db: Database, requestId: string, userId: string) {
  const [row] = await db
    .select()
    .from(requestUnlocks)
    .where(and(eq(requestUnlocks.requestId, requestId), eq(requestUnlocks.userId, userId)));
  return row ?? null;
}

/** The unlock row, or null when the freelancer already has one (a racing call may have written it). */
export async function insertUnlock(db: Database, requestId: string, userId: string, gemsSpent: number, at: Date) {
  const [row] = await db
    .insert(requestUnlocks)
    .values({ requestId, userId, gemsSpent, unlockedAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export interface ProposalFacts {
  id: string;
  requestId: string;
  providerId: string;
  status: string;
}

const proposalFacts = {
  id: proposals.id,
  requestId: proposals.requestId,
  providerId: proposals.providerId,
  status: proposals.status,
};

export async function findProposal(db: Database, id: string): Promise<ProposalFacts | null> {
  const [row] = await db.select(proposalFacts).from(proposals).where(eq(proposals.id, id));
  return row ?? null;
}

export async function findProposalOf(
  db: Database,
  requestId: string,
  providerId: string,
): Promise<ProposalFacts | null> {
  const [row] = await db
    .select(proposalFacts)
    .from(proposals)
    .where(and(eq(proposals.requestId, requestId), eq(proposals.providerId, providerId)));
  return row ?? null;
}

/** The proposals of the given providers on one request, by provider. */
export async function proposalsOn(
  db: Database,
  requestId: string,
  providerIds: readonly string[],
): Promise<Map<string, string>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: proposals.id, providerId: proposals.providerId })
    .from(proposals)
    .where(and(eq(proposals.requestId, requestId), inArray(proposals.providerId, [...providerIds])));
  return new Map(rows.map((row) => [row.providerId, row.id]));
}

export async function findInvite(db: Database, requestId: string, providerId: string) {
  const [row] = await db
    .select()
    .from(requestInvites)
    .where(and(eq(requestInvites.requestId, requestId), eq(requestInvites.providerId, providerId)));
  return row ?? null;
}

/** Invites the provider to the request (once); an invite that lost its conversation gets this one. */
export async function upsertInvite(
  db: Database,
  values: { requestId: string; providerId: string; conversationId: string; at: Date },
): Promise<void> {
  await db
    .insert(requestInvites)
    .values({ ...values, invitedAt: values.at })
    .onConflictDoUpdate({
      target: [requestInvites.requestId, requestInvites.providerId],
      set: { conversationId: sql`coalesce(${requestInvites.conversationId}, excluded.conversation_id)` },
    });
}

/** invited → viewed (the provider opened the conversation); any later status stays. */
export async function markInviteViewed(db: Database, requestId: string, providerId: string, at: Date): Promise<void> {
  await db
    .update(requestInvites)
    .set({ status: 'viewed', viewedAt: at })
    .where(
      and(
        eq(requestInvites.requestId, requestId),
        eq(requestInvites.providerId, providerId),
        eq(requestInvites.status, 'invited'),
      ),
    );
}

/** invited or viewed → responded (the provider replied); final. */
export async function markInviteResponded(
  db: Database,
  requestId: string,
  providerId: string,
  at: Date,
): Promise<void> {
  await db
    .update(requestInvites)
    .set({ status: 'responded', respondedAt: at })
    .where(
      and(
        eq(requestInvites.requestId, requestId),
        eq(requestInvites.providerId, providerId),
        inArray(requestInvites.status, ['invited', 'viewed']),
      ),
    );
}

const invitesOf = (requestId: string, status?: InviteStatus) =>
  and(eq(requestInvites.requestId, requestId), status === undefined ? undefined : eq(requestInvites.status, status));

export const listInvites = (
  db: Database,
  requestId: string,
  status: InviteStatus | undefined,
  page: { limit: number; offset: number },
) =>
  db
    .select()
    .from(requestInvites)
    .where(invitesOf(requestId, status))
    .orderBy(desc(requestInvites.invitedAt), desc(requestInvites.id))
    .limit(page.limit)
    .offset(page.offset);

export async function countInvites(db: Database, requestId: string, status?: InviteStatus): Promise<number> {
  const [row] = await db.select({ total: count() }).from(requestInvites).where(invitesOf(requestId, status));
  return Number(row?.total ?? 0);
}

/** Which of the requests the provider was invited to: one query for a page of job cards. */
export async function invitedRequestIds(
  db: Database,
  providerId: string,
  requestIds: readonly string[],
): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const rows = await db
    .select({ requestId: requestInvites.requestId })
    .from(requestInvites)
    .where(and(eq(requestInvites.providerId, providerId), inArray(requestInvites.requestId, [...requestIds])));
  return new Set(rows.map((row) => row.requestId));
}

/** Whether the provider was invited to the request. */
export async function wasInvited(db: Database, requestId: string, providerId: string): Promise<boolean> {
  return (await findInvite(db, requestId, providerId)) !== null;
}

// ---------------------------------------------------------------- email lists (W04)

export async function optedOutLists(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ list: emailOptOuts.list })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId))
    .orderBy(asc(emailOptOuts.list));
  return rows.map((row) => row.list);
}

/** Leaves the lists; answers those this call left (the others had been left before). */
export async function insertOptOuts(db: Database, userId: string, lists: readonly string[]): Promise<string[]> {
  if (lists.length === 0) return [];
  const rows = await db
    .insert(emailOptOuts)
    .values(lists.map((list) => ({ userId, list })))
    .onConflictDoNothing()
    .returning({ list: emailOptOuts.list });
  return rows.map((row) => row.list);
}

/** Joins the lists again (a person's choice in Settings). */
export async function deleteOptOuts(db: Database, userId: string, lists: readonly string[]): Promise<void> {
  if (lists.length === 0) return;
  await db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.list, [...lists])));
}

// ---------------------------------------------------------------- message reminders

const earlier = alias(messages, 'earlier');

export interface ClaimedMessage {
  id: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  body: string;
  createdAt: Date;
}

const claimedColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  recipientId: messages.recipientId,
  body: messages.body,
  createdAt: messages.createdAt,
};

/**
 * Claims (sets `emailed_at`) up to `batch` messages unread since before `dueBefore` whose
 * recipient had no reminder for that conversation since `quietSince`. Rows another process is
 * claiming are skipped (`FOR UPDATE SKIP LOCKED`), so two processes never email about one message.
 */
export function claimDueMessages(
  db: Database,
  options: { now: Date; dueBefore: Date; quietSince: Date; batch: number },
): Promise<ClaimedMessage[]> {
  const recentlyEmailed = db
    .select({ id: earlier.id })
    .from(earlier)
    .where(
      and(
        eq(earlier.conversationId, messages.conversationId),
        eq(earlier.recipientId, messages.recipientId),
        gt(earlier.emailedAt, options.quietSince),
      ),
    );
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        isNull(messages.readAt),
        isNull(messages.emailedAt),
        lte(messages.createdAt, options.dueBefore),
        notExists(recentlyEmailed),
      ),
    )
    .orderBy(asc(messages.createdAt))
    .limit(options.batch)
    .for('update', { skipLocked: true });
  return db
    .update(messages)
    .set({ emailedAt: options.now })
    .where(and(inArray(messages.id, due), isNull(messages.emailedAt)))
    .returning(claimedColumns);
}

/** The other unread, not yet emailed messages of a conversation to one recipient: the reminder covers them. */
export function claimCoveredMessages(
  db: Database,
  conversationId: string,
  recipientId: string,
  now: Date,
): Promise<ClaimedMessage[]> {
  return db
    .update(messages)
    .set({ emailedAt: now })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.recipientId, recipientId),
        isNull(messages.readAt),
        isNull(messages.emailedAt),
      ),
    )
    .returning(claimedColumns);
}

export async function conversationsByIds(db: Database, ids: readonly string[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(conversations)
    .where(inArray(conversations.id, [...ids]));
}

/** Of the given users, those who left the list. */
export async function usersWhoLeft(db: Database, userIds: readonly string[], list: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: emailOptOuts.userId })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.list, list), inArray(emailOptOuts.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

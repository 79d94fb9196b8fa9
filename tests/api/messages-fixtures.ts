import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  conversations,
  messages,
  proposals,
  requestInvites,
  requestUnlocks,
  serviceRequests,
  versigemsLedger,
  type ServiceRequestStatus,
} from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import type { RealtimeEvent } from '../../src/server/plugins/realtime';
import { applyLedgerEntry, versigemsBalance } from '../../src/server/modules/versigems';
import { expectContractResponse } from './contract-responses';
import type { SignedSession } from './helpers';

type Schemas = components['schemas'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];

/** A service request of the client written straight into the table (no form, no rate limit). */
export async function insertRequest(
  app: FastifyInstance,
  clientId: string,
  options: { status?: ServiceRequestStatus; title?: string } = {},
) {
  const title = options.title ?? `Member analytics for a chain of studios ${randomBytes(3).toString('hex')}`;
  const [row] = await app.db
    .insert(serviceRequests)
    .values({
      refId: `VR-${randomBytes(4).toString('hex').toUpperCase()}`,
      clientId,
      family: 'data-and-analytics',
      formId: 'requests/data-and-analytics',
      title,
      slug: 'member-analytics',
      summary: 'Data and analytics.',
      answers: {},
      status: options.status ?? 'open',
      closesAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    })
    .returning();
  return row!;
}

/** A proposal row of the provider on the request, straight into the table. */
export async function insertProposal(
  app: FastifyInstance,
  requestId: string,
  providerId: string,
  options: { providerType?: 'freelancer' | 'business'; status?: 'submitted' | 'withdrawn' } = {},
) {
  const [row] = await app.db
    .insert(proposals)
    .values({
      requestId,
      providerId,
      providerType: options.providerType ?? 'freelancer',
      coverLetter: 'I have built churn models for three subscription businesses.',
      priceType: 'fixed',
      amount: 4000,
      currency: 'USD',
      estimatedDuration: '1-3-months',
      status: options.status ?? 'submitted',
    })
    .returning();
  return row!;
}

/** Versigems for a user, through the ledger as a purchase would credit them. */
export async function giveVersigems(app: FastifyInstance, userId: string, amount: number): Promise<void> {
  await app.db.transaction((tx) =>
    applyLedgerEntry(tx, { userId, delta: amount, reason: 'bonus' }).then(() => undefined),
  );
}

export const balanceOf = (app: FastifyInstance, userId: string) => versigemsBalance(app.db, userId);

export async function unlockSpends(app: FastifyInstance, userId: string): Promise<number> {
  return (
    await app.db
      .select()
      .from(versigemsLedger)
      .where(and(eq(versigemsLedger.userId, userId), eq(versigemsLedger.reason, 'unlock')))
  ).length;
}

export const unlocksOf = (app: FastifyInstance, userId: string) =>
  app.db.select().from(requestUnlocks).where(eq(requestUnlocks.userId, userId));

export const invitesOf = (app: FastifyInstance, requestId: string) =>
  app.db.select().from(requestInvites).where(eq(requestInvites.requestId, requestId));

export const conversationsOf = async (app: FastifyInstance, userId: string) =>
  (await app.db.select().from(conversations)).filter((row) => row.userA === userId || row.userB === userId);

export const messagesIn = (app: FastifyInstance, conversationId: string) =>
  app.db.select().from(messages).where(eq(messages.conversationId, conversationId));

/** Calls of the messages tag, as a browser makes them. */
export function messagesApi(app: FastifyInstance) {
  const post = (session: SignedSession | null, url: string, payload: object, remoteAddress?: string) =>
    app.inject({ method: 'POST', url, headers: session?.headers ?? {}, payload, remoteAddress });
  const get = (session: SignedSession | null, url: string, withCsrf = false) =>
    app.inject({
      method: 'GET',
      url,
      headers: session ? (withCsrf ? session.headers : { cookie: session.cookie }) : {},
    });
  return {
    create: (session: SignedSession | null, payload: object) =>
      post(session, '/api/message/conversation/create/', payload),
    createForProposal: (session: SignedSession | null, payload: object) =>
      post(session, '/api/message/conversation/create/proposal/', payload),
    list: (session: SignedSession | null, query = '') => get(session, `/api/message/conversations/${query}`),
    messages: (session: SignedSession | null, id: string, query = '') =>
      get(session, `/api/message/conversation/${id}/messages/${query}`),
    send: (session: SignedSession | null, id: string, payload: object) =>
      post(session, `/api/message/conversation/${id}/messages/send/`, payload),
    invites: (session: SignedSession | null, requestId: string, query = '') =>
      get(session, `/api/message/client/request/${requestId}/invites/${query}`),
    unlock: (session: SignedSession | null, requestId: string) =>
      get(session, `/api/message/freelancer/request-invite/restriction/${requestId}/unlock/`, true),
    guest: (session: SignedSession | null, payload: object, remoteAddress?: string) =>
      post(session, '/api/message/guest/direct-contact/', payload, remoteAddress),
    unsubscribe: (session: SignedSession | null, payload: object) =>
      post(session, '/api/website/unsubscribe/', payload),
  };
}

/** The answer's `data`, after checking it against the contract (and the status when given). */
export function dataOf<T>(operationId: string, response: LightMyRequestResponse, status?: number): T {
  return (expectContractResponse(operationId, response, status) as { data: T }).data;
}

/** Every live event the users receive from now on, by user id. */
export function recordEvents(app: FastifyInstance, userIds: string[]) {
  const events = new Map<string, RealtimeEvent[]>(userIds.map((id) => [id, []]));
  const stops = userIds.map((id) => app.realtime.subscribe(id, (event) => events.get(id)!.push(event)));
  return { events, stop: () => stops.forEach((stop) => stop()) };
}

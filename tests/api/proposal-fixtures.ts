import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  proposals,
  serviceRequests,
  uploads,
  versigemsLedger,
  type ServiceRequestStatus,
} from '../../src/server/db/schema';
import { applyLedgerEntry, versigemsBalance } from '../../src/server/modules/versigems';
import { expectContractResponse } from './contract-responses';
import type { SignedSession } from './helpers';
import { multipart, pdf, type FilePart } from './upload-files';

/**
 * Service requests written straight into the table (the requests module's own calls are tested
 * elsewhere), versigems given through the ledger, and the proposal form as a multipart body.
 */

export interface RequestFixture {
  status?: ServiceRequestStatus;
  /** The budget's currency; null for a request without a priced budget. */
  currency?: string | null;
  title?: string;
}

export async function postRequest(app: FastifyInstance, clientId: string, fixture: RequestFixture = {}) {
  const refId = `VR-${randomBytes(4).toString('hex').toUpperCase()}`;
  const title = fixture.title ?? `Power BI dashboards for a distributor ${refId}`;
  const currency = fixture.currency === undefined ? 'USD' : fixture.currency;
  const [row] = await app.db
    .insert(serviceRequests)
    .values({
      refId,
      clientId,
      family: 'data-and-analytics',
      formId: 'requests/data-and-analytics',
      title,
      slug: 'power-bi-dashboards',
      summary: 'Power BI dashboards.',
      answers: {},
      status: fixture.status ?? 'open',
      closesAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      budgetType: currency ? 'fixed' : null,
      budgetCurrency: currency,
    })
    .returning();
  return row!;
}

/** Versigems for a freelancer, as a purchase would credit them. */
export async function giveVersigems(app: FastifyInstance, userId: string, amount: number): Promise<void> {
  await app.db.transaction((tx) => applyLedgerEntry(tx, { userId, delta: amount, reason: 'adjustment' }));
}

export const balanceOf = (app: FastifyInstance, userId: string) => versigemsBalance(app.db, userId);

export const COVER_LETTER =
  'Hi Maya, I have built Power BI sales and inventory models on NetSuite data for three distributors in the last two years.';

export const MILESTONES = JSON.stringify([
  { title: 'Discovery and data model', amount: 4500, dueInDays: 14 },
  { title: 'Sales and stock-cover dashboards', amount: 9000, dueInDays: 42 },
  { title: 'Demand forecast and handover', amount: 5000, dueInDays: 70 },
]);

/** The proposal form's fields, as text parts. */
export function proposalFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    coverLetter: COVER_LETTER,
    priceType: 'fixed',
    amount: '18500',
    currency: 'USD',
    estimatedDuration: 'one-to-three-months',
    milestones: MILESTONES,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

export const pdfPart = (name = 'case-study.pdf'): FilePart => ({
  field: 'attachments',
  name,
  type: 'application/pdf',
  bytes: pdf(),
});

export function submitProposal(
  app: FastifyInstance,
  session: SignedSession | null,
  requestId: string,
  overrides: Record<string, string | undefined> = {},
  files: FilePart[] = [],
): Promise<LightMyRequestResponse> {
  const form = multipart({ requestId, ...proposalFields(overrides) }, files);
  return app.inject({
    method: 'POST',
    url: '/api/service/request/proposal/submit/',
    payload: form.payload,
    headers: { ...form.headers, ...(session?.headers ?? {}) },
  });
}

/** A proposal sent through the API; fails the test unless it is a 201 the contract accepts. */
export async function sentProposal(
  app: FastifyInstance,
  session: SignedSession,
  requestId: string,
  overrides: Record<string, string | undefined> = {},
  files: FilePart[] = [],
) {
  const response = await submitProposal(app, session, requestId, overrides, files);
  return (expectContractResponse('submitProposal', response, 201) as { data: { id: string; status: string } }).data;
}

/** Rows a failed call must not have written: proposals, ledger entries and uploads. */
export async function rowCounts(app: FastifyInstance) {
  const total = async (table: typeof proposals | typeof versigemsLedger | typeof uploads) =>
    Number((await app.db.select({ total: count() }).from(table))[0]!.total);
  return { proposals: await total(proposals), ledger: await total(versigemsLedger), uploads: await total(uploads) };
}

export async function requestRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row!;
}

export async function proposalRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(proposals).where(eq(proposals.id, id));
  return row!;
}

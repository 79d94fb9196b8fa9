import type { MultipartBody, Upload } from '../../contract/multipart';
import { uniqueViolation } from '../../db/errors';
import type { NewUploadRow, ProposalRow, ProposalStatus } from '../../db/schema';
import { conflict, notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { perApp, type AppDeps } from '../../lib/per-app';
import type { Viewer } from '../../plugins/session';
import { requestCatalogue, type RequestCatalogue } from '../catalogue';
import { emailListService, markInviteResponded } from '../messages';
import { recogniseFile } from '../uploads';
import {
  attachmentsOf,
  checkFile,
  deleteUploads,
  insertAttachments,
  uploadService,
  type CheckedFile,
  type StoredFiles,
  type UploadDeps,
} from '../uploads/service';
import { businessPlanLimits } from '../payments';
import { spendVersigems, versigemsBalance, VERSIGEMS_PRICES } from '../versigems';
import { proposalAccepted, proposalDeclined, proposalReceived, type DeclineCause } from './email';
import { budgetCurrency, checkTerms, parseKeepAttachments, type ProposalFields } from './input';
import * as queries from './queries';
import { returnProposalVersigems } from './returns';
import { greetingName, proposalSummaries, proposalView, providerName } from './views';

type Schemas = components['schemas'];

/** Attachments of proposals: their uploads' purpose and what they are attached to. */
export const PROPOSAL_TARGET = 'proposal';
export const MAX_ATTACHMENTS = 5;

/** The types a proposal's files may have (the contract's list: PDF, DOC, DOCX, PNG, JPEG, ZIP). */
const ATTACHMENT_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'application/zip',
]);
const ATTACHMENT_TYPES_TEXT = 'a PDF, Word document, PNG, JPEG or ZIP file';

const PUBLIC: readonly string[] = ['open', 'in-review'];
const isPublic = (request: Pick<queries.RequestFacts, 'status'>) => PUBLIC.includes(request.status);

const MESSAGES = {
  notFound: 'We could not find this proposal.',
  requestNotFound: 'We could not find this request.',
  duplicate: 'You have already sent a proposal on this request.',
  notAccepting: 'This request no longer accepts proposals.',
  notEditable: 'This proposal can no longer be changed: the client has already acted on it.',
  notWithdrawable: 'Only a proposal the client has not accepted or declined can be withdrawn.',
  notShortlistable: 'This proposal can no longer be put on or taken off the shortlist.',
  notDeclinable: 'Only a submitted or shortlisted proposal can be declined.',
  notHireable: 'This proposal can no longer be accepted.',
  requestNotOpen: 'This request is no longer open: its proposals cannot change.',
} as const;

const allowanceUsed = (limit: number) =>
  `Your plan includes ${limit} proposals a month and you have sent them all. See the plans on the pricing page.`;

const versigemsShortfall = (balance: number) =>
  `Sending a proposal costs ${VERSIGEMS_PRICES.proposal} versigems and you have ${balance}. Buy more versigems to send it.`;

/** The start of this calendar month and of the next, in UTC. */
export function monthBounds(now: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from, to };
}

export type ProposalDeps = Pick<AppDeps, 'db' | 'email' | 'config' | 'formsDir'> & UploadDeps;

type SubmitFields = ProposalFields & { requestId: string };
type UpdateFields = ProposalFields & { keepAttachments?: string };

export class ProposalService {
  private readonly catalogue: RequestCatalogue;

  constructor(private readonly deps: ProposalDeps) {
    this.catalogue = requestCatalogue(deps.db);
  }

  private get db() {
    return this.deps.db;
  }

  private link(path: string): string {
    return `${this.deps.config.publicUrl}${path}`;
  }

  // ------------------------------------------------------------------ files

  /** Each file's bytes recognised and of an allowed type; refusals on `attachments.N`. */
  private async checkAttachments(uploads: Upload[], firstIndex = 0): Promise<CheckedFile[]> {
    const errors: FieldError[] = [];
    for (const [index, upload] of uploads.entries()) {
      const field = `attachments.${firstIndex + index}`;
      const recognition = await recogniseFile(upload);
      if (!recognition.ok) errors.push({ field, message: recognition.message });
      else if (!ATTACHMENT_TYPES.has(recognition.type.contentType)) {
        errors.push({ field, message: `must be ${ATTACHMENT_TYPES_TEXT}` });
      }
    }
    if (errors.length > 0) throw validationFailed(errors);
    const checked: CheckedFile[] = [];
    for (const [index, upload] of uploads.entries()) {
      checked.push(await checkFile(upload, `attachments.${firstIndex + index}`));
    }
    return checked;
  }

  /** The files' rows, a millisecond apart so they list in the order they were sent. */
  private attachmentRows(stored: StoredFiles, proposalId: string): NewUploadRow[] {
    const now = Date.now();
    return stored.rows.map((row, index) => ({
      ...row,
      attachedToType: PROPOSAL_TARGET,
      attachedToId: proposalId,
      createdAt: new Date(now + index),
    }));
  }

  // ------------------------------------------------------------------ R09: submit and quote

  /**
   * R09: checks the form, the request and the files, stores the files, then writes the proposal,
   * the request's count, the files' rows and the spend (a freelancer's versigems, a business's
   * monthly allowance) in one transaction that locks the request. Any refusal leaves nothing:
   * no proposal, no spend, no stored file. The client is emailed after the commit.
   */
  async submit(viewer: Viewer, body: MultipartBody): Promise<Schemas['Proposal']> {
    const { files, ...rest } = body;
    const fields = rest as unknown as SubmitFields;
    const request = await queries.findRequest(this.db, fields.requestId);
    const requestFault: FieldError[] = request
      ? []
      : [{ field: 'requestId', message: 'is not a request you can propose on' }];
    const terms = await checkTerms(this.deps.formsDir, this.catalogue, fields, request, requestFault);
    if (!request) throw validationFailed(requestFault);
    const uploads = files.attachments ?? [];
    if (uploads.length > MAX_ATTACHMENTS) {
      throw validationFailed([{ field: 'attachments', message: `must have at most ${MAX_ATTACHMENTS} files` }]);
    }
    // Cheap refusals before any file is stored; the transaction checks them again under its lock.
    if (request.clientId === viewer.userId) throw validationFailed(requestFault);
    if (await queries.findByRequestAndProvider(this.db, request.id, viewer.userId)) throw conflict(MESSAGES.duplicate);
    if (!isPublic(request)) throw conflict(MESSAGES.notAccepting);
    const checked = await this.checkAttachments(uploads);

    const stored = await uploadService(this.deps).storeFiles(checked, viewer.userId, PROPOSAL_TARGET);
    let row: ProposalRow;
    let proposalCount: number;
    try {
      ({ row, proposalCount } = await this.db.transaction(async (tx) => {
        const locked = await queries.lockRequest(tx, request.id);
        if (!locked || !isPublic(locked)) throw conflict(MESSAGES.notAccepting);
        if (await queries.findByRequestAndProvider(tx, request.id, viewer.userId)) throw conflict(MESSAGES.duplicate);
        const isFreelancer = viewer.accountType === 'freelancer';
        if (isFreelancer) {
          await spendVersigems(
            tx,
            {
              userId: viewer.userId,
              amount: VERSIGEMS_PRICES.proposal,
              reason: 'proposal',
              reference: { kind: 'service-request', id: request.id, label: `${request.refId} · ${request.title}` },
            },
            (shortfall) => versigemsShortfall(shortfall.balance),
          );
        } else {
          await queries.lockUser(tx, viewer.userId);
          const { proposalsPerMonth: limit } = await businessPlanLimits(tx, viewer.userId);
          if (limit !== null) {
            const { from, to } = monthBounds(new Date());
            const used = await queries.countSentBetween(tx, viewer.userId, from, to);
            if (used >= limit) throw conflict(allowanceUsed(limit));
          }
        }
        const inserted = await queries.insertProposal(tx, {
          requestId: request.id,
          providerId: viewer.userId,
          providerType: isFreelancer ? 'freelancer' : 'business',
          ...terms,
          gemsSpent: isFreelancer ? VERSIGEMS_PRICES.proposal : 0,
        });
        await queries.bumpProposalCount(tx, request.id, 1);
        await insertAttachments(tx, this.attachmentRows(stored, inserted.id));
        // A proposal answers the client's invitation to propose, if there was one.
        await markInviteResponded(tx, request.id, viewer.userId, inserted.createdAt);
        return { row: inserted, proposalCount: locked.proposalCount + 1 };
      }));
    } catch (error) {
      await stored.discard();
      if (uniqueViolation(error) === 'proposals_request_provider_unique') throw conflict(MESSAGES.duplicate);
      throw error;
    }
    this.notifyClient(request, viewer.userId, proposalCount);
    return proposalView(this.db, this.catalogue, row);
  }

  private notifyClient(request: queries.RequestFacts, providerId: string, proposalCount: number): void {
    this.deps.email.sendInBackground(async () => {
      const [client, provider] = await Promise.all([
        queries.usersByIds(this.db, [request.clientId]).then((rows) => rows[0]),
        queries.usersByIds(this.db, [providerId]).then((rows) => rows[0]),
      ]);
      if (!client || !provider) return null;
      // The notice belongs to the proposal-digest list: nothing for a client who left it.
      const lists = emailListService(this.deps);
      if (await lists.hasLeft(client.id, 'proposal-digest')) return null;
      return {
        to: client.email,
        ...proposalReceived({
          clientName: greetingName(client),
          providerName: providerName(provider),
          request,
          proposalCount,
          link: this.link(`/dashboard/requests/${request.id}/details/`),
          list: lists.listHeaders(client.id),
        }),
      };
    });
  }

  /** What sending a proposal on the request costs the caller, and whether they can now. */
  async quote(viewer: Viewer, requestId: string): Promise<Schemas['ProposalQuote']> {
    const request = await queries.findRequest(this.db, requestId);
    if (!request || request.clientId === viewer.userId) throw notFound(MESSAGES.requestNotFound);
    const mine = await queries.findByRequestAndProvider(this.db, request.id, viewer.userId);
    // A request off the board is known only to the providers who proposed on it.
    if (!isPublic(request) && !mine) throw notFound(MESSAGES.requestNotFound);
    const isFreelancer = viewer.accountType === 'freelancer';
    const balance = isFreelancer ? await versigemsBalance(this.db, viewer.userId) : null;
    let allowance: Schemas['ProposalAllowance'] | null = null;
    if (!isFreelancer) {
      const { from, to } = monthBounds(new Date());
      const used = await queries.countSentBetween(this.db, viewer.userId, from, to);
      const { proposalsPerMonth: limit } = await businessPlanLimits(this.db, viewer.userId);
      allowance = { used, limit, resetsAt: to.toISOString() };
    }
    let blocker: Schemas['ProposalBlocker'] | null = null;
    if (!isPublic(request)) blocker = 'not-accepting';
    else if (mine) blocker = 'already-proposed';
    else if (balance !== null && balance < VERSIGEMS_PRICES.proposal) blocker = 'insufficient-versigems';
    else if (allowance && allowance.limit !== null && allowance.used >= allowance.limit) blocker = 'allowance-used';
    return {
      request: { id: request.id, refId: request.refId as Schemas['ServiceRequestRefId'], title: request.title },
      proposalCount: request.proposalCount,
      currency: budgetCurrency(request) as Schemas['ProposalQuote']['currency'],
      cost: isFreelancer ? VERSIGEMS_PRICES.proposal : 0,
      balance,
      allowance,
      blocker,
      myProposalId: mine?.id ?? null,
    };
  }

  // ------------------------------------------------------------------ R10-R12: reading

  async listMine(
    viewer: Viewer,
    query: { status?: ProposalStatus; page: number; pageSize: number },
  ): Promise<Schemas['ProposalPage']['data']> {
    const { rows, total } = await queries.providerPage(this.db, viewer.userId, query.status, query);
    return {
      items: await proposalSummaries(this.db, this.catalogue, rows),
      pagination: pagination(query, total),
    };
  }

  /**
   * R11: for its provider, and for the request's client unless withdrawn; anyone else 404. The
   * client's first opening of a proposal of an `open` request puts the request `in-review`.
   */
  async get(viewer: Viewer, id: string): Promise<Schemas['Proposal']> {
    const row = await queries.findProposal(this.db, id);
    if (!row) throw notFound(MESSAGES.notFound);
    if (row.providerId !== viewer.userId) {
      const request = await queries.findRequest(this.db, row.requestId);
      if (!request || request.clientId !== viewer.userId || row.status === 'withdrawn')
        throw notFound(MESSAGES.notFound);
      if (request.status === 'open') await queries.markInReview(this.db, request.id);
    }
    return proposalView(this.db, this.catalogue, row);
  }

  /** R12: a request's proposals for its client, withdrawn ones left out, with counts per status. */
  async listForRequest(
    viewer: Viewer,
    requestId: string,
    query: { status?: Schemas['ProposalClientStatus']; sort?: queries.ProposalSort; page: number; pageSize: number },
  ): Promise<Schemas['ProposalRequestPage']['data']> {
    const request = await queries.findRequest(this.db, requestId);
    if (!request || request.clientId !== viewer.userId) throw notFound(MESSAGES.requestNotFound);
    const [counts, { rows, total }] = await Promise.all([
      queries.statusCounts(this.db, request.id),
      queries.requestPage(this.db, request.id, {
        status: query.status,
        sort: query.sort ?? 'newest',
        page: query.page,
        pageSize: query.pageSize,
      }),
    ]);
    return {
      request: { id: request.id, refId: request.refId as Schemas['ServiceRequestRefId'], title: request.title },
      statusCounts: {
        submitted: counts.get('submitted') ?? 0,
        shortlisted: counts.get('shortlisted') ?? 0,
        accepted: counts.get('accepted') ?? 0,
        declined: counts.get('declined') ?? 0,
      },
      items: await proposalSummaries(this.db, this.catalogue, rows),
      pagination: pagination(query, total),
    };
  }

  /** Whether the viewer may download a file of the proposal: the request's client, unless withdrawn. */
  async mayReadFiles(viewer: Viewer, proposalId: string): Promise<boolean> {
    const row = await queries.findProposal(this.db, proposalId);
    if (!row || row.status === 'withdrawn') return false;
    const request = await queries.findRequest(this.db, row.requestId);
    return request?.clientId === viewer.userId;
  }

  // ------------------------------------------------------------------ the provider's changes

  /** The provider's own proposal, or 404. */
  private async ownProposal(viewer: Viewer, id: string): Promise<ProposalRow> {
    const row = await queries.findProposal(this.db, id);
    if (!row || row.providerId !== viewer.userId) throw notFound(MESSAGES.notFound);
    return row;
  }

  /**
   * Replaces the terms and files of a `submitted` proposal: the same checks as a submit, the kept
   * files named in `keepAttachments`, at most 5 in all. Removed files' rows go in the transaction
   * and their bytes after it commits; new files stored first go again when it fails.
   */
  async update(viewer: Viewer, id: string, body: MultipartBody): Promise<Schemas['Proposal']> {
    const { files, ...rest } = body;
    const fields = rest as unknown as UpdateFields;
    const row = await this.ownProposal(viewer, id);
    if (row.status !== 'submitted') throw conflict(MESSAGES.notEditable);
    const request = await queries.findRequest(this.db, row.requestId);
    const terms = await checkTerms(this.deps.formsDir, this.catalogue, fields, request);
    const current = (await attachmentsOf(this.db, 'proposal', row.id)).map((file) => file.id);
    const keep = parseKeepAttachments(fields.keepAttachments, current);
    const uploads = files.attachments ?? [];
    if (keep.length + uploads.length > MAX_ATTACHMENTS) {
      throw validationFailed([
        {
          field: 'attachments',
          message: `must have at most ${MAX_ATTACHMENTS} files in all (you keep ${keep.length} and add ${uploads.length})`,
        },
      ]);
    }
    const checked = await this.checkAttachments(uploads, keep.length);
    const stored = await uploadService(this.deps).storeFiles(checked, viewer.userId, PROPOSAL_TARGET);
    let removedKeys: string[] = [];
    let updated: ProposalRow;
    try {
      updated = await this.db.transaction(async (tx) => {
        await queries.lockRequest(tx, row.requestId);
        const locked = await queries.lockProposal(tx, row.id);
        if (!locked || locked.status !== 'submitted') throw conflict(MESSAGES.notEditable);
        const remove = current.filter((fileId) => !keep.includes(fileId));
        const removed = await deleteUploads(tx, { ids: remove, attachedTo: { type: PROPOSAL_TARGET, id: row.id } });
        removedKeys = removed.map((file) => file.storageKey);
        await insertAttachments(tx, this.attachmentRows(stored, row.id));
        return queries.updateProposal(tx, row.id, terms);
      });
    } catch (error) {
      await stored.discard();
      throw error;
    }
    await uploadService(this.deps).discard(removedKeys);
    return proposalView(this.db, this.catalogue, updated);
  }

  /** Takes back a submitted or shortlisted proposal; the request's count goes down, no refund. */
  async withdraw(viewer: Viewer, id: string): Promise<Schemas['Proposal']> {
    const row = await this.ownProposal(viewer, id);
    const updated = await this.db.transaction(async (tx) => {
      await queries.lockRequest(tx, row.requestId);
      const locked = await queries.lockProposal(tx, row.id);
      if (!locked || !queries.OPEN_PROPOSAL_STATUSES.includes(locked.status)) throw conflict(MESSAGES.notWithdrawable);
      await queries.bumpProposalCount(tx, row.requestId, -1);
      return queries.updateProposal(tx, row.id, { status: 'withdrawn' });
    });
    return proposalView(this.db, this.catalogue, updated);
  }

  // ------------------------------------------------------------------ the client's decisions

  /** The proposal of one of the client's requests, or 404 (withdrawn ones are still found here). */
  private async clientProposal(
    viewer: Viewer,
    id: string,
  ): Promise<{ row: ProposalRow; request: queries.RequestFacts }> {
    const row = await queries.findProposal(this.db, id);
    const request = row ? await queries.findRequest(this.db, row.requestId) : null;
    if (!row || !request || request.clientId !== viewer.userId) throw notFound(MESSAGES.notFound);
    return { row, request };
  }

  async shortlist(viewer: Viewer, id: string, shortlisted: boolean): Promise<Schemas['Proposal']> {
    const { row } = await this.clientProposal(viewer, id);
    const wanted: ProposalStatus = shortlisted ? 'shortlisted' : 'submitted';
    const updated = await this.db.transaction(async (tx) => {
      const request = await queries.lockRequest(tx, row.requestId);
      const locked = await queries.lockProposal(tx, row.id);
      if (!request || !locked) throw notFound(MESSAGES.notFound);
      if (!queries.OPEN_PROPOSAL_STATUSES.includes(locked.status)) throw conflict(MESSAGES.notShortlistable);
      if (!isPublic(request)) throw conflict(MESSAGES.requestNotOpen);
      if (locked.status === wanted) return locked;
      return queries.updateProposal(tx, row.id, { status: wanted });
    });
    return proposalView(this.db, this.catalogue, updated);
  }

  async decline(viewer: Viewer, id: string, reason: string | undefined): Promise<Schemas['Proposal']> {
    const { row, request } = await this.clientProposal(viewer, id);
    const words = reason?.trim() || null;
    const updated = await this.db.transaction(async (tx) => {
      await queries.lockRequest(tx, row.requestId);
      const locked = await queries.lockProposal(tx, row.id);
      if (!locked || !queries.OPEN_PROPOSAL_STATUSES.includes(locked.status)) throw conflict(MESSAGES.notDeclinable);
      return queries.updateProposal(tx, row.id, { status: 'declined', declineReason: words });
    });
    notifyDeclined(this.deps, request, [{ proposalId: row.id, providerId: row.providerId }], 'declined', words);
    return proposalView(this.db, this.catalogue, updated);
  }

  /**
   * The confirmation step, in one transaction on the locked request: the proposal accepted, the
   * request awarded, every other open proposal declined; two hires racing give one 200 and one
   * 409. The hired and the declined providers are emailed after the commit.
   */
  async hire(viewer: Viewer, id: string): Promise<Schemas['Proposal']> {
    const { row, request } = await this.clientProposal(viewer, id);
    const { updated, declined, returned } = await this.db.transaction(async (tx) => {
      const lockedRequest = await queries.lockRequest(tx, row.requestId);
      if (!lockedRequest || !isPublic(lockedRequest)) throw conflict(MESSAGES.requestNotOpen);
      const locked = await queries.lockProposal(tx, row.id);
      if (!locked || !queries.OPEN_PROPOSAL_STATUSES.includes(locked.status)) throw conflict(MESSAGES.notHireable);
      const accepted = await queries.updateProposal(tx, row.id, { status: 'accepted' });
      const others = await queries.declineOpenProposals(tx, row.requestId, row.id);
      await queries.awardRequest(tx, row.requestId);
      // The request has ended: whoever was not hired gets their versigems back, as on a close.
      const returned = await returnProposalVersigems(tx, request);
      return { updated: accepted, declined: others, returned };
    });
    this.notifyHired(request, row);
    notifyDeclined(this.deps, request, declined, 'hired-another', null, returned);
    return proposalView(this.db, this.catalogue, updated);
  }

  private notifyHired(request: queries.RequestFacts, row: ProposalRow): void {
    this.deps.email.sendInBackground(async () => {
      const [provider] = await queries.usersByIds(this.db, [row.providerId]);
      if (!provider) return null;
      return {
        to: provider.email,
        ...proposalAccepted({
          providerName: greetingName(provider),
          request,
          link: this.link(`/dashboard/proposals/${row.id}/details/`),
        }),
      };
    });
  }
}

/**
 * One email to each declined provider, sent after the caller's commit: the client's decision, a
 * hire of another provider, or the request's end (with the versigems given back, by proposal).
 */
export function notifyDeclined(
  deps: Pick<AppDeps, 'db' | 'email' | 'config'>,
  request: Pick<queries.RequestFacts, 'refId' | 'title'>,
  declined: { proposalId: string; providerId: string }[],
  cause: DeclineCause,
  reason: string | null,
  gemsReturned: ReadonlyMap<string, number> = new Map(),
): void {
  for (const { proposalId, providerId } of declined) {
    deps.email.sendInBackground(async () => {
      const [provider] = await queries.usersByIds(deps.db, [providerId]);
      if (!provider) return null;
      return {
        to: provider.email,
        ...proposalDeclined({
          providerName: greetingName(provider),
          request,
          cause,
          reason,
          gemsReturned: gemsReturned.get(proposalId) ?? 0,
          link: `${deps.config.publicUrl}/dashboard/proposals/${proposalId}/details/`,
        }),
      };
    });
  }
}

function pagination(query: { page: number; pageSize: number }, total: number): Schemas['Pagination'] {
  return {
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

export const proposalService = perApp((deps: ProposalDeps) => new ProposalService(deps));

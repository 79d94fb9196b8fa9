import { createHash } from 'node:crypto';
import { formDataOf } from '../../../shared/forms/submission';
import { uniqueViolation } from '../../db/errors';
import { newRefId } from '../../ref-ids';
import type { ServiceRequestRow, ServiceRequestStatus, UserRow } from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import type { InvalidatedCache } from '../../cache/invalidated-cache';
import type { Viewer } from '../../plugins/session';
import { authService, nameOf, type AuthDeps } from '../auth/service';
import { formErrors, requestFieldName } from '../../forms/errors';
import { requestForms, type RequestForm } from '../../forms/load';
import { isRecord } from '../../lib/records';
import { catalogueErrors, requestCatalogue, valueAt, type RequestCatalogue } from '../catalogue';
import type { Database } from '../../db/database';
import {
  attachmentsOf,
  claimAttachments,
  replaceAttachments,
  validateAttachmentIds,
  type AttachmentTarget,
} from '../uploads/service';
import type { Executor } from '../versigems';
import { afterRequestEnded, runRequestEndHooks } from './end-hooks';
import { listProviderServices } from '../providers';
import { clientUnreadCounts, invitedRequestIds, markInviteViewed } from '../messages';
import { proposalIdsOf } from '../proposals';
import * as board from './board';
import * as queries from './queries';
import { toUsd } from '../../lib/money';
import { searchWords, type PrefixLexeme } from '../../lib/search-text';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];
type CreateInput = Schemas['ServiceRequestCreateInput'];
type Budget = Schemas['ServiceRequestBudget'];
type UpdateInput = Schemas['ServiceRequestUpdateInput'];
type CloseInput = Schemas['ServiceRequestCloseInput'];
type Answers = Record<string, unknown>;

/**
 * A job's budget as the search shows it: the form's budget answer when it names an amount
 * (`up to` reads as from 0), null for `not-sure` or no budget at all.
 */
export function jobBudget(
  form: RequestForm | undefined,
  answers: Record<string, unknown>,
): Schemas['WebsiteJobBudget'] | null {
  const raw = form?.budgetField ? answers[form.budgetField] : undefined;
  if (!isRecord(raw) || typeof raw.currency !== 'string') return null;
  const type = raw.type;
  if (type !== 'fixed' && type !== 'hourly') return null;
  const min = typeof raw.min === 'number' ? raw.min : null;
  const max = typeof raw.max === 'number' ? raw.max : null;
  if (min === null && max === null) return null;
  return { type, min: min ?? 0, max, currency: raw.currency };
}

/** Open and in-review requests expire this long after posting. */
export const OPEN_FOR_MS = 30 * 24 * 60 * 60 * 1000;
export const LATEST_COUNT = 5;
/** How long a repeat with the same `Idempotency-Key` answers the first request again. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The contract's ceiling of `unreadMessageCount`. */
const MAX_UNREAD = 100_000;
export const PUBLIC_STATUSES: readonly ServiceRequestStatus[] = ['open', 'in-review'];

const REF_ATTEMPTS = 5;
const REF_INDEX = 'service_requests_ref_id_unique';
const IDEMPOTENCY_INDEX = 'service_requests_client_idempotency_unique';

/** A request's public reference (`VR-7K3D9Q2M`). */
export const newRequestRefId = () => newRefId('VR');

/** Lower-case ASCII words joined by `-`, at most 80 characters, cut between words. */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 80) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, 80) ?? '') || 'request';
}

/** JSON with sorted keys, so the same body hashes the same whatever order the client sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function budgetOf(form: RequestForm, answers: Record<string, unknown>): Budget | null {
  const raw = form.budgetField ? answers[form.budgetField] : undefined;
  if (!isRecord(raw)) return null;
  const type = raw.type as Budget['type'];
  const amount = (v: unknown) => (type !== 'not-sure' && typeof v === 'number' ? v : null);
  return { type, min: amount(raw.min), max: amount(raw.max), currency: String(raw.currency) };
}

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

function budgetText(budget: Budget | null): string | null {
  if (!budget) return null;
  if (budget.type === 'not-sure') return 'Budget not decided';
  const kind = budget.type === 'hourly' ? 'Hourly budget' : 'Fixed budget';
  const { min, max, currency } = budget;
  if (min !== null && max !== null && min !== max)
    return `${kind} of ${money(min, currency)} to ${money(max, currency)}`;
  if (max !== null) return `${kind} of ${min === max ? '' : 'up to '}${money(max, currency)}`;
  if (min !== null) return `${kind} of at least ${money(min, currency)}`;
  return kind;
}

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The catalogue answers the contract lifts out of `answers`, found by the list each field names;
 * a value taken out of the catalogue since the request was posted keeps its label.
 */
async function derived(catalogue: RequestCatalogue, form: RequestForm, answers: Record<string, unknown>) {
  const option = async (list: string): Promise<Schemas['Option'] | null> => {
    const field = form.catalogueFields.find((f) => f.list === list && !f.multiple && f.path.length === 1);
    const value = field ? valueAt(answers, field.path) : undefined;
    if (typeof value !== 'string') return null;
    const found = (await catalogue.labels(list)).get(value);
    return found ? { id: found.id, slug: found.slug, label: found.label } : null;
  };
  const toolField = form.catalogueFields.find((f) => f.list === 'tool' && f.path.length === 1);
  const toolIds = toolField ? valueAt(answers, toolField.path) : undefined;
  const toolList = await catalogue.labels('tool');
  const tools = (Array.isArray(toolIds) ? toolIds : [toolIds])
    .map((id) => toolList.get(id as number))
    .filter((tool) => tool !== undefined)
    .map((tool) => ({ id: tool.id, slug: tool.slug, name: tool.label }));
  return {
    budget: budgetOf(form, answers),
    projectDuration: await option('project-duration'),
    paymentType: await option('payment-type'),
    hiringDecision: await option('hiring-decision'),
    tools,
  };
}

export class ServiceRequestService {
  private readonly catalogue: RequestCatalogue;

  private readonly forms: Map<string, RequestForm>;
  /**
   * Family counts and "do these words match anything" per filter set, kept until a service
   * request changes (the database's trigger empties them in every process: `r:*`).
   */
  private readonly facetCache: InvalidatedCache<board.FacetRow[]>;
  private readonly matchCache: InvalidatedCache<{
    match: board.TextMatch;
    prefixes: string[] | null;
    lexemes: PrefixLexeme[] | null;
  }>;
  /**
   * A visitor's board answers per search, kept until a request changes (`r:*`) or a profile does
   * (`d:*`: the client's country on the cards), and a second at most, so a request whose closing
   * time has passed leaves the board within a second too.
   */
  private readonly visitorAnswers: InvalidatedCache<Schemas['PublicServiceRequestSearchPage']['data']>;

  constructor(private readonly deps: ServiceRequestDeps) {
    this.catalogue = requestCatalogue(deps.db);
    this.forms = requestForms(deps.formsDir);
    this.facetCache = deps.caches.cache('r', BOARD_CACHE);
    this.matchCache = deps.caches.cache('r', BOARD_CACHE);
    this.visitorAnswers = deps.caches.cache(['r', 'd'], VISITOR_BOARD_ANSWERS);
  }

  private get db() {
    return this.deps.db;
  }

  /** The form the body names, or a 400 on `formId` when it is unknown or of another (sub-)family. */
  private formFor(input: CreateInput): RequestForm {
    const form = this.forms.get(input.formId);
    if (!form) throw validationFailed([{ field: 'formId', message: 'is not a request form we offer' }]);
    const subFamily = input.subFamily ?? null;
    if (form.entry.family !== input.family || form.entry.subFamily !== subFamily) {
      const where = subFamily ? `${input.family}/${subFamily}` : input.family;
      throw validationFailed([{ field: 'formId', message: `is not the form of ${where}` }]);
    }
    return form;
  }

  /**
   * The answers against the form's own JSON Schema, then what a schema cannot say: min <= max,
   * every `x-options` value in its catalogue list, attachments that exist.
   */
  private async validate(
    clientId: string,
    form: RequestForm,
    input: CreateInput,
    title: string,
    attachedTo?: AttachmentTarget,
  ): Promise<void> {
    const envelope = form.entry.envelopeFields;
    const name = (path: readonly string[]) => requestFieldName(envelope, path);
    const data = formDataOf(envelope, { ...input, title });
    if (!form.validate(data)) throw validationFailed(formErrors(form.validate.errors ?? [], name));

    const errors: FieldError[] = [];
    const budget = form.budgetField ? data[form.budgetField] : undefined;
    if (isRecord(budget) && typeof budget.min === 'number' && typeof budget.max === 'number') {
      if (budget.min > budget.max) {
        errors.push({
          field: name([form.budgetField!, 'min']),
          message: 'must not be above the maximum',
        });
      }
    }
    errors.push(...(await catalogueErrors(this.catalogue, form.catalogueFields, data, name)));
    // Files the client uploaded and has not used elsewhere (or on this very request); claimed for good with the write.
    errors.push(
      ...(await validateAttachmentIds(this.db, clientId, input.attachments ?? [], 'attachments', attachedTo)),
    );
    if (errors.length > 0) throw validationFailed(errors);
  }

  /**
   * What the server derives from the answers, at posting and at each change: the summary, and
   * the columns the job board filters, sorts and searches on.
   */
  private async describe(form: RequestForm, familySlug: string, subFamilySlug: string | null, answers: Answers) {
    const facts = await derived(this.catalogue, form, answers);
    const family = await this.catalogue.family(familySlug);
    const subFamily = subFamilySlug ? await this.catalogue.subFamily(familySlug, subFamilySlug) : null;
    const toolNames = facts.tools.slice(0, 3).map((tool) => tool.name);
    const topic = `${(subFamily ?? family).name}${toolNames.length > 0 ? ` with ${joinNames(toolNames)}` : ''}`;
    const terms = [budgetText(facts.budget), facts.projectDuration?.label].filter(Boolean).join(', ');
    const summary = `${topic}.${terms ? ` ${terms}.` : ''}`.slice(0, 300);
    const usd = (amount: number | null | undefined) =>
      amount === null || amount === undefined || !facts.budget ? null : toUsd(amount, facts.budget.currency);
    const budget = facts.budget;
    const boardFacts = {
      budgetType: budget?.type ?? null,
      budgetCurrency: budget?.currency ?? null,
      budgetUsdLow: usd(budget?.min ?? budget?.max),
      budgetUsdHigh: usd(budget?.max ?? budget?.min),
      projectDuration: facts.projectDuration?.slug ?? null,
      paymentType: facts.paymentType?.slug ?? null,
      hiringDecision: facts.hiringDecision?.slug ?? null,
      toolIds: facts.tools.map((tool) => tool.id),
      searchText: [family.name, subFamily?.name, ...facts.tools.map((tool) => tool.name)].filter(Boolean).join(' '),
    };

    return { summary, boardFacts };
  }

  async create(
    clientId: string,
    input: CreateInput,
    idempotencyKey?: string,
  ): Promise<{ request: Schemas['ServiceRequest']; replayed: boolean }> {
    const title = input.title.trim();
    const hash = createHash('sha256')
      .update(
        canonical({
          family: input.family,
          subFamily: input.subFamily ?? null,
          formId: input.formId,
          title,
          answers: input.answers,
          attachments: input.attachments ?? [],
        }),
      )
      .digest('hex');
    if (idempotencyKey) {
      const earlier = await this.replay(clientId, idempotencyKey, hash);
      if (earlier) return { request: earlier, replayed: true };
    }

    // Offered families and sub-families only: one taken out of the catalogue keeps its requests but takes no new ones.
    const offered = (await this.catalogue.families()).find((family) => family.slug === input.family);
    if (!offered) throw validationFailed([{ field: 'family', message: 'is not a service family we offer' }]);
    if (input.subFamily && !offered.subFamilies.some((sub) => sub.slug === input.subFamily)) {
      throw validationFailed([{ field: 'subFamily', message: `is not a sub-family of ${offered.name} we offer` }]);
    }
    const form = this.formFor(input);
    await this.validate(clientId, form, input, title);
    // Counted only once the request is sound, so fixing mistakes never uses up the allowance.
    await this.deps.rateLimits.consume('serviceRequestCreate', clientId);

    const { summary, boardFacts } = await this.describe(form, input.family, input.subFamily ?? null, input.answers);
    const now = new Date();

    for (let attempt = 1; ; attempt++) {
      try {
        // The row and its files together: a file claimed by a racing request undoes the post.
        const row = await this.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          const inserted = await queries.insertServiceRequest(tx, {
            refId: newRequestRefId(),
            clientId,
            family: input.family,
            subFamily: input.subFamily ?? null,
            formId: form.entry.id,
            title,
            slug: slugOf(title),
            summary,
            answers: input.answers,
            status: 'open',
            idempotencyKey: idempotencyKey ?? null,
            idempotencyHash: idempotencyKey ? hash : null,
            createdAt: now,
            updatedAt: now,
            closesAt: new Date(now.getTime() + OPEN_FOR_MS),
            ...boardFacts,
          });
          if (input.attachments?.length) {
            await claimAttachments(tx, clientId, input.attachments, { type: 'service-request', id: inserted.id });
          }
          return inserted;
        });
        return { request: await this.present(row), replayed: false };
      } catch (error) {
        const index = uniqueViolation(error);
        if (index === null) throw error;
        // A racing submit with the same key won: answer what it posted.
        if (idempotencyKey && index !== REF_INDEX) {
          const earlier = await this.replay(clientId, idempotencyKey, hash);
          if (earlier) return { request: earlier, replayed: true };
          if (index === IDEMPOTENCY_INDEX) throw error;
        }
        if (attempt >= REF_ATTEMPTS) throw error;
      }
    }
  }

  private async replay(clientId: string, key: string, hash: string): Promise<Schemas['ServiceRequest'] | null> {
    const earlier = await queries.findByIdempotencyKey(this.db, clientId, key);
    if (!earlier) return null;
    if (Date.now() - earlier.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
      // The key has lapsed: free it so this submit posts a new request.
      await queries.releaseIdempotencyKey(this.db, earlier.id);
      return null;
    }
    if (earlier.idempotencyHash !== hash) {
      throw conflict('This Idempotency-Key was already used for a different request. Please submit again.');
    }
    return this.present(earlier);
  }

  /** The caller's own request; anyone else's, or an unknown id, is the same 404. */
  async get(viewer: Viewer, id: string): Promise<Schemas['ServiceRequest']> {
    return this.present(await this.own(viewer, id));
  }

  /**
   * Replaces the title, answers and attachments of the client's own request while it is
   * editable (`open`, no proposal ever sent on it), checked against the request's own form as
   * posting checks them; the summary and the board's columns are derived again. Counted against
   * the client's allowance of changes only once the change is sound.
   */
  async update(viewer: Viewer, id: string, input: UpdateInput): Promise<Schemas['ServiceRequest']> {
    const current = await this.own(viewer, id);
    await this.ensureEditable(current);
    const form = this.forms.get(current.formId);
    if (!form)
      throw conflict('This request was posted with a form we no longer offer, so it can no longer be changed.');
    const title = input.title.trim();
    const attachments = input.attachments ?? [];
    const target = { type: 'service-request', id: current.id } as const;
    const posted = { family: current.family, subFamily: current.subFamily, formId: current.formId } as CreateInput;
    await this.validate(viewer.userId, form, { ...posted, title, answers: input.answers, attachments }, title, target);
    await this.deps.rateLimits.consume('serviceRequestChange', viewer.userId);

    const { summary, boardFacts } = await this.describe(form, current.family, current.subFamily, input.answers);
    const row = await this.db.transaction(async (tx) => {
      // Locked, then checked again: a proposal or a close that came in meanwhile wins.
      const locked = await queries.lockServiceRequest(tx, id);
      if (!locked || locked.clientId !== viewer.userId) throw notFound(NOT_FOUND);
      await this.ensureEditable(locked, tx);
      const changed = await queries.updateServiceRequest(tx, id, {
        title,
        slug: slugOf(title),
        summary,
        answers: input.answers,
        updatedAt: new Date(),
        ...boardFacts,
      });
      await replaceAttachments(tx as unknown as Database, viewer.userId, attachments, target);
      return changed;
    });
    return this.present(row);
  }

  /**
   * Closes the client's own `open` or `in-review` request for good, with the reason, in one
   * transaction with the request-end hooks (the proposals on it declined, their versigems
   * returned); the hooks' emails go once it has committed.
   */
  async close(viewer: Viewer, id: string, input: CloseInput): Promise<Schemas['ServiceRequest']> {
    ensureClosable(await this.own(viewer, id));
    await this.deps.rateLimits.consume('serviceRequestChange', viewer.userId);
    const note = input.note?.trim() || null;
    const { row, ended } = await this.db.transaction(async (tx) => {
      const locked = await queries.lockServiceRequest(tx, id);
      if (!locked || locked.clientId !== viewer.userId) throw notFound(NOT_FOUND);
      ensureClosable(locked);
      const closed = await queries.updateServiceRequest(tx, id, {
        status: 'closed',
        closeReason: input.reason,
        closeNote: note,
        closesAt: null,
        updatedAt: new Date(),
      });
      const ended = await runRequestEndHooks(tx, { id, refId: closed.refId, title: closed.title }, 'closed');
      return { row: closed, ended };
    });
    await afterRequestEnded(this.deps, ended);
    return this.present(row);
  }

  /** The caller's own request; anyone else's, or an unknown id, is the same 404. */
  private async own(viewer: Viewer, id: string): Promise<ServiceRequestRow> {
    const row = await queries.findServiceRequest(this.db, id);
    if (!row || row.clientId !== viewer.userId) throw notFound(NOT_FOUND);
    return row;
  }

  /** `editable` as the contract has it: `open`, and no proposal ever sent on it. */
  private async isEditable(row: ServiceRequestRow, db: Executor = this.db): Promise<boolean> {
    return row.status === 'open' && !(await queries.anyProposal(db, row.id));
  }

  private async ensureEditable(row: ServiceRequestRow, db: Executor = this.db): Promise<void> {
    if (row.status !== 'open') {
      throw conflict(`This request is ${STATUS_WORDS[row.status]}, so it can no longer be changed.`);
    }
    if (!(await this.isEditable(row, db))) {
      throw conflict('This request has received a proposal, so it can no longer be changed.');
    }
  }

  /**
   * The client sees their own request's title; providers see the titles of public requests.
   * Other clients never do: they have no job board, so a title would only leak.
   */
  async title(viewer: Viewer, id: string): Promise<Schemas['ServiceRequestTitle']> {
    const row = await queries.findServiceRequest(this.db, id);
    const visible =
      row !== null &&
      (row.clientId === viewer.userId || (viewer.accountType !== 'client' && PUBLIC_STATUSES.includes(row.status)));
    if (!visible) throw notFound('We could not find this request.');
    return { id: row.id, refId: row.refId, title: row.title };
  }

  async list(
    clientId: string,
    options: { status?: ServiceRequestStatus; page: number; pageSize: number },
  ): Promise<{ items: Schemas['ServiceRequestSummary'][]; pagination: Schemas['Pagination'] }> {
    const { page, pageSize, status } = options;
    const [rows, total] = await Promise.all([
      queries.listClientRequests(this.db, clientId, { status, limit: pageSize, offset: (page - 1) * pageSize }),
      queries.countClientRequests(this.db, clientId, status),
    ]);
    return {
      items: await this.summaries(rows),
      pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
    };
  }

  async latest(clientId: string): Promise<{ items: Schemas['ServiceRequestSummary'][]; total: number }> {
    const [rows, total] = await Promise.all([
      queries.listClientRequests(this.db, clientId, { limit: LATEST_COUNT, offset: 0 }),
      queries.countClientRequests(this.db, clientId),
    ]);
    return { items: await this.summaries(rows), total };
  }

  // ---------------------------------------------------------------- the job board (R06-R08)

  /** The job board's search (R07): public requests under the text and filters, with family counts. */
  async search(viewer: Viewer | null, input: BoardInput): Promise<Schemas['PublicServiceRequestSearchPage']['data']> {
    // A provider's cards say where they stand on each job; a visitor's are the same for everyone.
    if (viewer !== null) return this.searchPage(viewer, input);
    return this.visitorAnswers.get(JSON.stringify(input), () => this.searchPage(null, input));
  }

  private async searchPage(
    viewer: Viewer | null,
    input: BoardInput,
  ): Promise<Schemas['PublicServiceRequestSearchPage']['data']> {
    const { match, filters } = await this.textMatch(await this.boardFilters(input));
    const sort = boardSort(input.sort, filters.words);
    // The counts and the page are read side by side, on two connections.
    const [facetRows, items] = await Promise.all([
      this.facets(filters, match),
      this.boardPage(viewer, filters, match, sort, input),
    ]);
    const families = await this.catalogue.families();
    const facets = {
      families: families.map((family) => ({
        slug: family.slug,
        name: family.name,
        count: facetRows.filter((row) => row.family === family.slug).reduce((sum, row) => sum + row.count, 0),
      })),
    };
    const total = facetRows
      .filter(
        (row) =>
          (!filters.family || row.family === filters.family) &&
          (!filters.subFamily || row.subFamily === filters.subFamily),
      )
      .reduce((sum, row) => sum + row.count, 0);
    return { items, pagination: pagination(input, total), facets };
  }

  /**
   * The requests a provider can answer (R06): those in the provider's primary and other service
   * families; until a provider has chosen a service in onboarding, every family. The leads
   * location does not narrow the list yet: requests do not record where their client is.
   */
  async forProvider(viewer: Viewer, input: BoardInput): Promise<Schemas['PublicServiceRequestPage']['data']> {
    const offered = (await listProviderServices(this.db, viewer.userId)).map((service) => service.family);
    const { match, filters } = await this.textMatch(
      await this.boardFilters(offered.length > 0 ? { ...input, families: offered } : input),
    );
    const [facetRows, items] = await Promise.all([
      this.facets(filters, match),
      this.boardPage(viewer, filters, match, boardSort(undefined, filters.words), input),
    ]);
    const total = facetRows
      .filter((row) => !filters.family || row.family === filters.family)
      .reduce((sum, row) => sum + row.count, 0);
    return { items, pagination: pagination(input, total) };
  }

  /** Who may read the files attached to a request: its client, and providers while it is public. */
  async mayReadFiles(viewer: Viewer, requestId: string): Promise<boolean> {
    const request = await queries.findServiceRequest(this.db, requestId);
    if (!request) return false;
    if (request.clientId === viewer.userId) return true;
    return viewer.accountType !== 'client' && PUBLIC_STATUSES.includes(request.status);
  }

  /**
   * Public requests for the site search (W03): word prefixes, else the typo-tolerant fallback,
   * best match first, at most `limit` with the total of every match.
   */
  async jobHits(words: string[], limit: number): Promise<{ items: Schemas['WebsiteSearchJob'][]; total: number }> {
    if (words.length === 0) return { items: [], total: 0 };
    const filters: board.BoardFilters = { words, now: new Date() };
    const match: board.TextMatch = (await board.anyWordMatch(this.db, filters)) ? 'words' : 'similar';
    const rows = await board.listMatching(this.db, filters, match, { sort: 'relevance', limit, offset: 0 });
    const total = rows.length < limit ? rows.length : await board.countMatching(this.db, filters, match);
    const items = await Promise.all(
      rows.map(async (row) => {
        const family = await this.catalogue.family(row.family);
        return {
          refId: row.refId,
          title: row.title,
          family: { slug: family.slug, name: family.name },
          budget: jobBudget(this.forms.get(row.formId), row.answers),
          postedAt: row.createdAt.toISOString(),
        };
      }),
    );
    return { items, total };
  }

  /**
   * The job-detail page (R08); a request that is not public (any more) is a 404. A client sees
   * only their own request, as providers see it.
   */
  async publicDetail(viewer: Viewer | null, refId: string): Promise<Schemas['PublicServiceRequestDetail']> {
    const row = await board.findPublicByRefId(this.db, refId, new Date());
    if (!row) throw notFound('This job is no longer open or does not exist.');
    const isClient = viewer?.accountType === 'client';
    if (isClient && row.clientId !== viewer.userId) {
      throw forbidden('Clients can open the public page of their own requests only.');
    }
    const [card] = await this.cards(viewer, [row]);
    // An invited provider opening the job has seen the invitation (invited → viewed).
    if (card!.viewer?.invited && viewer) await markInviteViewed(this.db, row.id, viewer.userId, new Date());
    const form = this.forms.get(row.formId);
    const facts = form ? await derived(this.catalogue, form, row.answers) : null;
    const privateFields = new Set(form?.privateFields ?? []);
    const answers = Object.fromEntries(Object.entries(row.answers).filter(([name]) => !privateFields.has(name)));
    return {
      ...card!,
      formId: row.formId,
      answers,
      hiringDecision: facts?.hiringDecision ?? null,
      // Files are for providers who may answer and for the request's client, never for visitors.
      attachments: viewer !== null ? await attachmentsOf(this.db, 'service-request', row.id) : [],
    };
  }

  private async boardFilters(input: BoardInput): Promise<board.BoardFilters> {
    const errors: FieldError[] = [];
    const families = await this.catalogue.families();
    const family = input.family ? families.find((f) => f.slug === input.family) : undefined;
    if (input.family && !family) errors.push({ field: 'query.family', message: 'is not a service family we offer' });
    if (input.subFamily && !input.family) {
      errors.push({ field: 'query.subFamily', message: 'needs a family' });
    } else if (input.subFamily && family && !family.subFamilies.some((s) => s.slug === input.subFamily)) {
      errors.push({ field: 'query.subFamily', message: `is not a sub-family of ${family.name}` });
    }
    if (input.budgetMin !== undefined && input.budgetMax !== undefined && input.budgetMin > input.budgetMax) {
      errors.push({ field: 'query.budgetMin', message: 'must not be above budgetMax' });
    }
    const currency = input.currency ?? 'USD';
    const inUsd = (amount: number | undefined) => {
      if (amount === undefined) return undefined;
      const usd = toUsd(amount, currency);
      if (usd === null) errors.push({ field: 'query.currency', message: 'has no reference rate; filter in USD' });
      return usd ?? undefined;
    };
    const budgetUsdMin = inUsd(input.budgetMin);
    const budgetUsdMax = inUsd(input.budgetMax);
    for (const [name, list] of [
      ['projectDuration', 'project-duration'],
      ['paymentType', 'payment-type'],
    ] as const) {
      const value = input[name];
      if (value !== undefined && !(await this.catalogue.list(list)).has(value)) {
        errors.push({ field: `query.${name}`, message: `is not an option of ${list}` });
      }
    }
    if (errors.length > 0) throw validationFailed(errors);
    const now = new Date();
    return {
      words: input.text === undefined ? [] : searchWords(input.text),
      families: input.families,
      family: input.family,
      subFamily: input.subFamily,
      budgetUsdMin,
      budgetUsdMax,
      projectDuration: input.projectDuration,
      paymentType: input.paymentType,
      postedSince: input.postedWithin ? new Date(now.getTime() - POSTED_WITHIN_MS[input.postedWithin]) : undefined,
      now,
    };
  }

  /**
   * Words first; only when they match nothing at all does a typo-tolerant comparison take over.
   * The filters come back with the words' prefixes and their lexemes, with which the word index answers.
   */
  private async textMatch(
    filters: board.BoardFilters,
  ): Promise<{ match: board.TextMatch; filters: board.BoardFilters }> {
    if (filters.words.length === 0) return { match: 'none', filters };
    // Whether the words match anything depends on the words alone: kept as briefly as the counts.
    const found = await this.matchCache.get(filters.words.join(' '), async () => {
      const { any, prefixes, lexemes } = await board.wordMatchFacts(this.db, filters);
      return { match: any ? ('words' as const) : ('similar' as const), prefixes, lexemes };
    });
    const { match, prefixes, lexemes } = found;
    if (match !== 'words' || !prefixes) return { match, filters };
    return { match, filters: lexemes ? { ...filters, prefixes, lexemes } : { ...filters, prefixes } };
  }

  private facets(filters: board.BoardFilters, match: board.TextMatch): Promise<board.FacetRow[]> {
    // The family filters are not part of the key: the counts are taken across them.
    const { now: _now, family: _family, subFamily: _subFamily, postedSince, ...rest } = filters;
    const key = JSON.stringify({
      ...rest,
      match,
      postedSince: postedSince ? Math.floor(postedSince.getTime() / 60_000) : null,
    });
    return this.facetCache.get(key, () => board.countByFamily(this.db, filters, match));
  }

  private async boardPage(
    viewer: Viewer | null,
    filters: board.BoardFilters,
    match: board.TextMatch,
    sort: board.BoardSort,
    input: BoardInput,
  ): Promise<Schemas['PublicServiceRequest'][]> {
    const rows = await board.listMatching(this.db, filters, match, {
      sort,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    return this.cards(viewer, rows);
  }

  /** Job-board cards: what anyone may learn about a public request and its client. */
  private async cards(viewer: Viewer | null, rows: board.BoardRow[]): Promise<Schemas['PublicServiceRequest'][]> {
    // Rows read by id come with their client's facts; the others' are read in one query.
    const unread = rows.filter((row) => row.client === undefined).map((row) => row.id);
    const clients = await board.clientFacts(this.db, unread);
    const isProvider = viewer !== null && viewer.accountType !== 'client';
    // Where the provider stands on each job: one query for their proposals, one for their invites.
    const requestIds = rows.map((row) => row.id);
    const [myProposals, invited] = isProvider
      ? await Promise.all([
          proposalIdsOf(this.db, viewer.userId, requestIds),
          invitedRequestIds(this.db, viewer.userId, requestIds),
        ])
      : [new Map<string, string>(), new Set<string>()];
    return Promise.all(
      rows.map(async (row) => {
        const form = this.forms.get(row.formId);
        const facts = form
          ? await derived(this.catalogue, form, row.answers)
          : { budget: null, projectDuration: null, paymentType: null, tools: [] };
        const client = row.client ?? clients.get(row.id);
        return {
          id: row.id,
          refId: row.refId,
          slug: row.slug,
          ...(await this.refs(row)),
          title: row.title,
          summary: row.summary,
          budget: facts.budget,
          projectDuration: facts.projectDuration,
          paymentType: facts.paymentType,
          tools: facts.tools.slice(0, 30),
          status: row.status as Schemas['ServiceRequestPublicStatus'],
          proposalCount: row.proposalCount,
          client: {
            country: client?.country ?? null,
            memberSince: (client?.memberSince ?? row.createdAt).toISOString(),
            requestsPosted: client?.requestsPosted ?? 1,
            requestsAwarded: client?.requestsAwarded ?? 0,
          },
          viewer: isProvider ? { myProposalId: myProposals.get(row.id) ?? null, invited: invited.has(row.id) } : null,
          postedAt: row.createdAt.toISOString(),
          closesAt: (row.closesAt ?? new Date(row.createdAt.getTime() + OPEN_FOR_MS)).toISOString(),
        };
      }),
    );
  }

  private async refs(row: Pick<ServiceRequestRow, 'family' | 'subFamily'>) {
    return {
      family: await this.catalogue.family(row.family),
      subFamily: row.subFamily ? await this.catalogue.subFamily(row.family, row.subFamily) : null,
    };
  }

  /** Summaries of a page of requests, with the unread messages of all of them in one query. */
  private async summaries(rows: ServiceRequestRow[]): Promise<Schemas['ServiceRequestSummary'][]> {
    const unread = await clientUnreadCounts(
      this.db,
      rows.map((row) => row.id),
    );
    return Promise.all(rows.map((row) => this.summarise(row, unread.get(row.id) ?? 0)));
  }

  private async summarise(row: ServiceRequestRow, unread: number): Promise<Schemas['ServiceRequestSummary']> {
    const form = this.forms.get(row.formId);
    return {
      id: row.id,
      refId: row.refId,
      slug: row.slug,
      ...(await this.refs(row)),
      title: row.title,
      summary: row.summary,
      budget: form ? budgetOf(form, row.answers) : null,
      status: row.status,
      proposalCount: row.proposalCount,
      unreadMessageCount: Math.min(unread, MAX_UNREAD),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closesAt: row.closesAt?.toISOString() ?? null,
    };
  }

  private async present(row: ServiceRequestRow): Promise<Schemas['ServiceRequest']> {
    const form = this.forms.get(row.formId);
    const facts = form
      ? await derived(this.catalogue, form, row.answers)
      : { budget: null, projectDuration: null, paymentType: null, hiringDecision: null, tools: [] };
    const client = await authService(this.deps).currentUser(row.clientId);
    return {
      ...(await this.summaries([row]))[0]!,
      formId: row.formId,
      answers: row.answers,
      ...facts,
      attachments: await attachmentsOf(this.db, 'service-request', row.id),
      client: clientOf(client, row.clientId),
      editable: await this.isEditable(row),
      closeReason: (row.closeReason as Schemas['ServiceRequestCloseReason'] | null) ?? null,
    };
  }
}

export interface BoardInput {
  /** The search text; undefined for none (`all`). */
  text?: string;
  /** Only these families (a provider's own). */
  families?: string[];
  family?: string;
  subFamily?: string;
  budgetMin?: number;
  budgetMax?: number;
  currency?: string;
  projectDuration?: string;
  paymentType?: string;
  postedWithin?: keyof typeof POSTED_WITHIN_MS;
  sort?: board.BoardSort;
  page: number;
  pageSize: number;
}

const NOT_FOUND = 'We could not find this request.';

/** How a status reads in "This request is …". */
const STATUS_WORDS: Record<ServiceRequestStatus, string> = {
  open: 'open',
  'in-review': 'in review',
  awarded: 'awarded',
  completed: 'completed',
  closed: 'closed',
  expired: 'expired',
};

/** Only `open` and `in-review` requests may be closed; any other status is a 409. */
function ensureClosable(row: ServiceRequestRow): void {
  if (!PUBLIC_STATUSES.includes(row.status)) {
    throw conflict(`This request is already ${STATUS_WORDS[row.status]}, so it cannot be closed.`);
  }
}

const HOUR_MS = 60 * 60 * 1000;
export const POSTED_WITHIN_MS = { '24h': 24 * HOUR_MS, '3d': 72 * HOUR_MS, '7d': 168 * HOUR_MS, '30d': 720 * HOUR_MS };
/** A minute at most, and 500 filter sets, each; a change to any request empties them at once. */
const BOARD_CACHE = { ttlMs: 60_000, maxEntries: 500 };
/** A second at most (closing times pass without a write), and 500 searches of about 20 KB each. */
const VISITOR_BOARD_ANSWERS = { ttlMs: 1_000, maxEntries: 500 };

/** `relevance` with search text, `newest` without (where relevance means nothing). */
function boardSort(sort: board.BoardSort | undefined, words: string[]): board.BoardSort {
  if (words.length === 0) return sort === undefined || sort === 'relevance' ? 'newest' : sort;
  return sort ?? 'relevance';
}

const pagination = (input: { page: number; pageSize: number }, total: number): Schemas['Pagination'] => ({
  page: input.page,
  pageSize: input.pageSize,
  total,
  totalPages: Math.ceil(total / input.pageSize),
});

function clientOf(user: UserRow | null, id: string): Schemas['ServiceRequestClient'] {
  return {
    id,
    accountType: user?.accountType ?? 'client',
    displayName: user ? nameOf(user) : 'Client',
    avatarUrl: null,
    companyId: user?.companyId ?? null,
    // Profiles do not hold a country yet.
    country: null,
  };
}

/** Requests, their forms and the client's name (through the account service). */
export type ServiceRequestDeps = Pick<AppDeps, 'db' | 'formsDir' | 'rateLimits' | 'caches'> & AuthDeps;

export const serviceRequestService = perApp((deps: ServiceRequestDeps) => new ServiceRequestService(deps));

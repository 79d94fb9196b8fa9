import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { foldAccents, userSearchName, users, type AccountType, type ServiceRequestRow } from '../../db/schema';
import { validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import * as board from '../requests/board';
import { requestCatalogue, type RequestCatalogue } from '../requests/catalogue';
import { isRecord } from '../requests/catalogue';
import { requestForms, type RequestForm } from '../requests/forms';

type Schemas = components['schemas'];
type SearchType = Schemas['WebsiteSearchType'];
export type WebsiteSearchResult = Schemas['WebsiteSearchResponse']['data'];

export const SEARCH_TYPES: readonly SearchType[] = ['jobs', 'professionals', 'businesses'];
export const DEFAULT_LIMIT = 5;
const MIN_QUERY_LENGTH = 2;

/** A typo still finds a name: `<%` word similarity of the words against the folded name. */
const NAME_SIMILARITY_THRESHOLD = 0.5;

interface Group<T> {
  items: T[];
  total: number;
}

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

/** The folded name, its words as a document, and the prefix query of the search's words. */
const searchName = userSearchName(users);
const nameDocument = sql`to_tsvector('simple', ${searchName})`;
const namePrefixQuery = (words: string[]): SQL =>
  sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;

/**
 * The site-wide search (W03): open jobs through the job board's own queries, and verified
 * freelancer and business accounts by name.
 *
 * Provider profiles come with a later feature. Until they exist, professionals are verified
 * freelancer accounts matched by first and last name, and businesses verified business accounts
 * matched by company name (whether onboarding is complete is not known yet); a result's tagline,
 * avatar or logo, services and country are null or empty, and the tagline and services are not
 * searched.
 */
export class WebsiteSearchService {
  private readonly catalogue: RequestCatalogue;
  private readonly forms: Map<string, RequestForm>;

  constructor(private readonly app: FastifyInstance) {
    this.catalogue = requestCatalogue(app.db);
    this.forms = requestForms(app.formsDir);
  }

  private get db(): Database {
    return this.app.db;
  }

  /**
   * One group per asked type, best match first, at most `limit` items with the total of every
   * match; groups not asked for are null. The text must keep two characters once trimmed.
   */
  async search(input: Schemas['WebsiteSearchInput']): Promise<WebsiteSearchResult> {
    const q = input.q.trim();
    if (q.length < MIN_QUERY_LENGTH) {
      throw validationFailed([{ field: 'q', message: `must be at least ${MIN_QUERY_LENGTH} characters once trimmed` }]);
    }
    const types = new Set(input.types ?? SEARCH_TYPES);
    const limit = input.limit ?? DEFAULT_LIMIT;
    const words = board.searchWords(q);
    // One after the other: the embedded database runs one statement at a time anyway.
    const jobs = types.has('jobs') ? await this.jobs(words, limit) : null;
    const professionals = types.has('professionals') ? await this.professionals(words, limit) : null;
    const businesses = types.has('businesses') ? await this.businesses(words, limit) : null;
    return { q, jobs, professionals, businesses };
  }

  /** Public requests as the job board finds them: word prefixes, else the typo-tolerant fallback. */
  private async jobs(words: string[], limit: number): Promise<Group<Schemas['WebsiteSearchJob']>> {
    if (words.length === 0) return { items: [], total: 0 };
    const filters: board.BoardFilters = { words, now: new Date() };
    const match: board.TextMatch = (await board.anyWordMatch(this.db, filters)) ? 'words' : 'similar';
    const rows = await board.listMatching(this.db, filters, match, { sort: 'relevance', limit, offset: 0 });
    const total = rows.length < limit ? rows.length : await board.countMatching(this.db, filters, match);
    return { items: await Promise.all(rows.map((row) => this.job(row))), total };
  }

  private async job(row: ServiceRequestRow): Promise<Schemas['WebsiteSearchJob']> {
    const family = await this.catalogue.family(row.family);
    return {
      refId: row.refId,
      title: row.title,
      family: { slug: family.slug, name: family.name },
      budget: jobBudget(this.forms.get(row.formId), row.answers),
      postedAt: row.createdAt.toISOString(),
    };
  }

  private async professionals(words: string[], limit: number): Promise<Group<Schemas['WebsiteSearchProfessional']>> {
    const { rows, total } = await this.accounts('freelancer', words, limit);
    return {
      items: rows.map((row) => ({
        id: row.id,
        displayName: [row.firstname, row.lastname]
          .map((part) => part?.trim())
          .filter(Boolean)
          .join(' '),
        tagline: null,
        avatarUrl: null,
        primaryService: null,
        country: null,
      })),
      total,
    };
  }

  private async businesses(words: string[], limit: number): Promise<Group<Schemas['WebsiteSearchBusiness']>> {
    const { rows, total } = await this.accounts('business', words, limit);
    return {
      items: rows.map((row) => ({
        companyId: row.companyId!,
        name: row.companyname ?? '',
        logoUrl: null,
        tagline: null,
        services: [],
        country: null,
      })),
      total,
    };
  }

  /**
   * Verified accounts of one type whose name has every word as a word prefix, accents and case
   * aside; when none has, those whose name is close to the words (a typo), most similar first.
   */
  private async accounts(accountType: Exclude<AccountType, 'client'>, words: string[], limit: number) {
    const folded = words.map(foldAccents);
    if (folded.length === 0) return { rows: [], total: 0 };
    const verified = and(
      // Written as the indexes' predicate so the planner can use them.
      sql`${users.emailVerifiedAt} IS NOT NULL`,
      eq(users.accountType, accountType),
    );
    const byWords = and(verified, sql`${nameDocument} @@ ${namePrefixQuery(folded)}`);
    const wordOrder = [
      sql`ts_rank_cd(${nameDocument}, ${namePrefixQuery(folded)}) DESC`,
      sql`${searchName} ASC`,
      sql`${users.id} ASC`,
    ];
    const found = await this.readAccounts(this.db, byWords, wordOrder, limit);
    if (found.rows.length > 0) return found;

    const text = folded.join(' ');
    const bySimilarity = and(verified, sql`${text} <% ${searchName}`);
    const similarOrder = [sql`word_similarity(${text}, ${searchName}) DESC`, sql`${searchName} ASC`, sql`${users.id}`];
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true)`,
      );
      return this.readAccounts(tx as unknown as Database, bySimilarity, similarOrder, limit);
    });
  }

  private async readAccounts(db: Database, where: SQL | undefined, order: SQL[], limit: number) {
    const rows = await db
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        companyname: users.companyname,
        companyId: users.companyId,
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit);
    if (rows.length < limit) return { rows, total: rows.length };
    const [row] = await db.select({ total: count() }).from(users).where(where);
    return { rows, total: Number(row?.total ?? 0) };
  }
}

const services = new WeakMap<FastifyInstance, WebsiteSearchService>();

export function websiteSearchService(app: FastifyInstance): WebsiteSearchService {
  let service = services.get(app);
  if (!service) {
    service = new WebsiteSearchService(app);
    services.set(app, service);
  }
  return service;
}

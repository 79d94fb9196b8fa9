import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { foldAccents, profiles, providerServices, userSearchName, users, type AccountType } from '../../db/schema';
import { validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import { headquartersOf, readDirectoryRows, type DirectoryRow } from '../directory/service';
import { loadTaxonomy, type Taxonomy } from '../providers';
import { prefixQuery, searchWords } from '../../lib/search-text';
import { serviceRequestService, type ServiceRequestDeps } from '../requests/service';
import { downloadUrlsById } from '../uploads/service';
import { perApp } from '../../lib/per-app';

type Schemas = components['schemas'];
type SearchType = Schemas['WebsiteSearchType'];
export type WebsiteSearchResult = Schemas['WebsiteSearchResponse']['data'];

export const SEARCH_TYPES: readonly SearchType[] = ['jobs', 'professionals', 'businesses'];
export const DEFAULT_LIMIT = 5;
const MIN_QUERY_LENGTH = 2;
/** The contract's most services on a business result. */
const MAX_BUSINESS_SERVICES = 10;

/** A typo still finds a name: `<%` word similarity of the words against the folded name. */
const NAME_SIMILARITY_THRESHOLD = 0.5;

interface Group<T> {
  items: T[];
  total: number;
}

/** The folded name, its words as a document, and the prefix query of the search's words. */
const searchName = userSearchName(users);
const nameDocument = sql`to_tsvector('simple', ${searchName})`;
const namePrefixQuery = (words: string[]): SQL =>
  sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;

type ProviderType = Exclude<AccountType, 'client'>;

/**
 * Listed profiles of one type (onboarding complete, so the public page answers): only these are
 * search results. Listing needs a verified email, so the users indexes' predicate holds too.
 */
const listed = (accountType: ProviderType): SQL[] => [
  // Written as the indexes' predicates so the planner can use them.
  sql`${profiles.listedAt} IS NOT NULL`,
  eq(profiles.accountType, accountType),
  sql`${users.emailVerifiedAt} IS NOT NULL`,
];

/**
 * Every word a prefix of a word of the profile (the directories' search: name, tagline,
 * description, services, cities) or of the folded name. The profile's words keep their accents,
 * so a name is also matched folded: `jose muller` finds José Müller. Each side reads its own index.
 */
const wordMatch = (accountType: ProviderType, words: string[], folded: string[]): SQL =>
  sql`${profiles.userId} IN (
    SELECT ${profiles.userId} FROM ${profiles}
      WHERE ${profiles.listedAt} IS NOT NULL AND ${profiles.searchVector} @@ ${prefixQuery(words)}
    UNION
    SELECT ${users.id} FROM ${users}
      WHERE ${users.emailVerifiedAt} IS NOT NULL AND ${users.accountType} = ${accountType}
        AND ${nameDocument} @@ ${namePrefixQuery(folded)}
  )`;

interface ProfileCards {
  rows: DirectoryRow[];
  total: number;
  taxonomy: Taxonomy;
  images: Map<string, string>;
}

/**
 * The site-wide search (W03): open jobs through the job board's own queries, and the listed
 * freelancer and business profiles (those with a public page) through the directories' columns.
 *
 * A profile matches when every word is a word prefix of its directory words (name, tagline,
 * description, services, cities) or of its name with accents and case aside; name matches come
 * first (whole words before prefixes), then the directories' relevance. When no profile matches,
 * listed profiles whose name is close to the words (a typo) do, most similar first.
 */
export class WebsiteSearchService {
  constructor(private readonly deps: ServiceRequestDeps) {}

  private get db(): Database {
    return this.deps.db;
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
    const words = searchWords(q);
    // One after the other: the embedded database runs one statement at a time anyway.
    const jobs = types.has('jobs') ? await this.jobs(words, limit) : null;
    const professionals = types.has('professionals') ? await this.professionals(words, limit) : null;
    const businesses = types.has('businesses') ? await this.businesses(words, limit) : null;
    return { q, jobs, professionals, businesses };
  }

  /** Public requests as the job board finds them: word prefixes, else the typo-tolerant fallback. */
  private jobs(words: string[], limit: number): Promise<Group<Schemas['WebsiteSearchJob']>> {
    return serviceRequestService(this.deps).jobHits(words, limit);
  }

  /** A professional as the directory card shows them: tagline else headline, the card's country. */
  private async professionals(words: string[], limit: number): Promise<Group<Schemas['WebsiteSearchProfessional']>> {
    const { rows, total, taxonomy, images } = await this.profiles('freelancer', words, limit);
    const primary = await this.primaryFamilies(rows.map((row) => row.userId));
    return {
      items: rows.map((row) => {
        const family = primary.get(row.userId);
        return {
          id: row.userId,
          displayName: row.displayName,
          tagline: row.tagline ?? row.headline ?? null,
          avatarUrl: (row.imageId && images.get(row.imageId)) || null,
          primaryService: family ? serviceRef(taxonomy, family) : null,
          country: row.personalCountry ?? row.leadsCountry ?? null,
        };
      }),
      total,
    };
  }

  /** A business with its services in its own order and its headquarters' country. */
  private async businesses(words: string[], limit: number): Promise<Group<Schemas['WebsiteSearchBusiness']>> {
    const { rows, total, taxonomy, images } = await this.profiles('business', words, limit);
    const headquarters = new Map(
      (
        await headquartersOf(
          this.db,
          rows.map((row) => row.userId),
        )
      ).map((place) => [place.userId, place.country]),
    );
    return {
      items: rows.map((row) => ({
        companyId: row.companyId!,
        name: row.displayName,
        logoUrl: (row.imageId && images.get(row.imageId)) || null,
        tagline: row.businessTagline ?? null,
        services: (row.businessServices ?? row.serviceSlugs.filter((slug) => !slug.includes('/')))
          .slice(0, MAX_BUSINESS_SERVICES)
          .map((slug) => serviceRef(taxonomy, slug)),
        country: headquarters.get(row.userId) ?? null,
      })),
      total,
    };
  }

  /** Each freelancer's primary family. */
  private async primaryFamilies(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: providerServices.userId, family: providerServices.family })
      .from(providerServices)
      .where(and(inArray(providerServices.userId, userIds), eq(providerServices.isPrimary, true)));
    return new Map(rows.map((row) => [row.userId, row.family]));
  }

  /** The matching profiles of one page with what their cards need: the taxonomy and image URLs. */
  private async profiles(accountType: ProviderType, words: string[], limit: number): Promise<ProfileCards> {
    const { rows, total } = await this.matchingProfiles(accountType, words, limit);
    const imageIds = rows.flatMap((row) => (row.imageId ? [row.imageId] : []));
    const [taxonomy, images] = await Promise.all([loadTaxonomy(this.db), downloadUrlsById(this.db, imageIds)]);
    return { rows, total, taxonomy, images };
  }

  /**
   * Listed profiles of one type matching every word (see `wordMatch`): names with every word
   * whole first, then names with every word as a prefix, then the directories' relevance; when none does, those whose folded name is close to the words (a
   * typo), most similar first.
   */
  private async matchingProfiles(accountType: ProviderType, words: string[], limit: number) {
    const folded = words.map(foldAccents);
    if (folded.length === 0) return { rows: [], total: 0 };
    const byWords = and(...listed(accountType), wordMatch(accountType, words, folded));
    const wordOrder = [
      sql`(${nameDocument} @@ plainto_tsquery('simple', ${folded.join(' ')})) DESC`,
      sql`(${nameDocument} @@ ${namePrefixQuery(folded)}) DESC`,
      sql`ts_rank(${profiles.searchVector}, ${prefixQuery(words)}) DESC`,
      sql`${searchName} ASC`,
      sql`${profiles.userId} ASC`,
    ];
    const found = await readDirectoryRows(this.db, byWords, wordOrder, limit);
    if (found.rows.length > 0) return found;

    const text = folded.join(' ');
    const bySimilarity = and(...listed(accountType), sql`${text} <% ${searchName}`);
    const similarOrder = [
      sql`word_similarity(${text}, ${searchName}) DESC`,
      sql`${searchName} ASC`,
      sql`${profiles.userId} ASC`,
    ];
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true)`,
      );
      return readDirectoryRows(tx as unknown as Database, bySimilarity, similarOrder, limit);
    });
  }
}

/** A family or sub-family as the search names it. */
const serviceRef = (taxonomy: Taxonomy, slug: string): Schemas['WebsiteServiceRef'] => ({
  slug,
  name: taxonomy.label(slug),
});

/** Profiles and services from the database, jobs from the requests service (and what that one uses). */
export const websiteSearchService = perApp((deps: ServiceRequestDeps) => new WebsiteSearchService(deps));

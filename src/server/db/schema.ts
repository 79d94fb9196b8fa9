import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; only the database writes it (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Text compared byte by byte, so a word prefix is one range of an index (`LIKE 'abc%'`). */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const ACCOUNT_TYPES = ['client', 'freelancer', 'business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** What a session remembers beside its user; small, never secrets. */
export interface SessionData {
  /** Set at sign-in, so access checks need no user lookup (account types never change). */
  accountType?: AccountType;
  [key: string]: unknown;
}

/** Letters the site-wide search reads as their plain form, with what NFKD cannot split. */
const ACCENTED = 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž';
const UNSPLIT: Record<string, string> = { đ: 'd', ħ: 'h', ı: 'i', ł: 'l', ø: 'o', ŧ: 't' };
const PLAIN = [...ACCENTED]
  .map((letter) => UNSPLIT[letter] ?? letter.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
  .join('');

/** Lower case without accents, as `userSearchName` folds names: `Łukasz Müller` is `lukasz muller`. */
export function foldAccents(text: string): string {
  const plain = new Map([...ACCENTED].map((letter, index) => [letter, PLAIN[index]!]));
  return [...text.toLowerCase()].map((letter) => plain.get(letter) ?? letter).join('');
}

/**
 * A user's public name for the site-wide search, lower case and without accents: a business's
 * company name, a person's first and last name. Literals only (no parameters), so a query that
 * spells it the same way can use the indexes built on it.
 */
export function userSearchName(
  columns: Record<'accountType' | 'firstname' | 'lastname' | 'companyname', AnyPgColumn>,
): SQL {
  return sql`translate(lower(CASE WHEN ${columns.accountType} = 'business' THEN coalesce(${columns.companyname}, '') ELSE coalesce(${columns.firstname}, '') || ' ' || coalesce(${columns.lastname}, '') END), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    /** As the person typed it; uniqueness and look-ups go through lower(email). */
    email: text('email').notNull(),
    /** argon2id (PHC string); null for accounts created with Google that never set a password. */
    passwordHash: text('password_hash'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    companyname: text('companyname'),
    /** A business's public slug (/business/{companyId}/), fixed at registration. */
    companyId: text('company_id'),
    heardAboutUs: text('heard_about_us'),
    heardAboutUsOther: text('heard_about_us_other'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The linked Google account's subject (`sub`, stable for life); null when none is linked. */
    googleSubject: text('google_subject'),
    /** The linked Google account's email and picture as Google last gave them (`social.image`). */
    googleEmail: text('google_email'),
    googlePicture: text('google_picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    // One marketplace account per Google account.
    uniqueIndex('users_google_subject_unique').on(table.googleSubject),
    uniqueIndex('users_company_id_unique').on(table.companyId),
    // The site-wide search (W03) reads verified accounts by name: word prefixes, then trigrams.
    index('users_search_name_words_idx')
      .using('gin', sql`to_tsvector('simple', ${userSearchName(table)})`)
      .where(sql`email_verified_at IS NOT NULL`),
    index('users_search_name_trgm_idx')
      .using('gin', sql`${userSearchName(table)} gin_trgm_ops`)
      .where(sql`email_verified_at IS NOT NULL`),
    check('users_account_type_check', sql`${table.accountType} in ('client', 'freelancer', 'business')`),
    check(
      'users_business_company_id_check',
      sql`(${table.accountType} = 'business') = (${table.companyId} is not null)`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the random 256-bit token in the `sid` cookie; the token itself is never stored. */
    id: text('id').primaryKey(),
    /** Null for a visitor's session. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** "Remember me": a 30-day cookie instead of a browser-session one. */
    persistent: boolean('persistent').notNull().default(false),
    data: jsonb('data').$type<SessionData>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_expires_at_idx').on(table.expiresAt), index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Google sign-in flows begun and not yet finished: what the callback needs to check Google's
 * answer (PKCE verifier, nonce), bound to one browser (the sha256 of its `gflow` cookie) and, for
 * an account change, to the signed-in account. A row is used once (`used_at`) and lives 10 minutes.
 */
export const googleFlows = pgTable(
  'google_flows',
  {
    /** sha256 hex of the `state` sent to Google. */
    stateHash: text('state_hash').primaryKey(),
    /** sha256 hex of the browser's `gflow` cookie. */
    browserHash: text('browser_hash').notNull(),
    intent: text('intent').$type<'sign-in' | 'change'>().notNull(),
    /** The signed-in account a `change` flow was started by; null for `sign-in`. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('google_flows_expires_at_idx').on(table.expiresAt),
    check('google_flows_intent_check', sql`${table.intent} in ('sign-in', 'change')`),
  ],
);

export type GoogleFlowRow = typeof googleFlows.$inferSelect;

/**
 * Secrets sent in email links (verify the email, reset the password). Only the sha256 of the
 * secret is stored; a row stays after use so a second click can be told apart from a wrong link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** sha256 hex of the secret in the link. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer token of the same purpose replaced this one. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_tokens_token_hash_unique').on(table.tokenHash),
    index('account_tokens_user_purpose_idx').on(table.userId, table.purpose),
    index('account_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/**
 * Rate-limit counters (rate-limiter-flexible's RateLimiterDrizzle store): the column names are
 * the library's. Keys are hashes, never raw emails or addresses.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/*
 * The service catalogue and account lookups. Reference data only, never written by the API:
 * families, sub-families, tools, option lists and budget brackets come from the data files in
 * src/server/catalogue-data/, upserted by slug at start-up (modules/catalogue/sync.ts); the ISO
 * lists (currencies, countries, states, languages) from data migration 0003.
 *
 * `active`: a row the data files no longer hold is never deleted (requests, profiles and answers
 * keep pointing at it by slug or id); the start-up sync sets it false, which hides it from the
 * catalogue calls and from new choices, and true again if it comes back to the files.
 */

/** The service families, in the catalogue's display order. */
export const catalogueServiceFamilies = pgTable('catalogue_service_families', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** A name from the web app's icon set (`ui/icons.tsx`); unknown names show its default icon. */
  icon: text('icon').notNull().default('default'),
  position: integer('position').notNull(),
  /** Lower-case, accent-free name the search compares against. */
  searchName: text('search_name').notNull(),
  /** What the services page says beyond the description (overview, typical projects...). */
  servicesPage: jsonb('services_page').$type<Record<string, unknown>>(),
  active: boolean('active').notNull().default(true),
});

export const catalogueServiceSubFamilies = pgTable(
  'catalogue_service_sub_families',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id')
      .notNull()
      .references(() => catalogueServiceFamilies.id, { onDelete: 'cascade' }),
    /** Unique within its family only. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull(),
    searchName: text('search_name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [uniqueIndex('catalogue_service_sub_families_family_slug_unique').on(table.familyId, table.slug)],
);

/** Tools, platforms and technologies; each filed under one family (its service category). */
export const catalogueTools = pgTable(
  'catalogue_tools',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogueServiceFamilies.id),
    /** Breaks ties between equally good search matches; higher first. */
    popularity: integer('popularity').notNull().default(0),
    active: boolean('active').notNull().default(true),
    searchName: text('search_name').notNull(),
  },
  (table) => [index('catalogue_tools_category_idx').on(table.categoryId)],
);

/**
 * Every small option list (business types, industries, per-family form options...), told apart
 * by `list`, e.g. `business-type` or `mobile-app/platform`.
 */
export const catalogueOptions = pgTable(
  'catalogue_options',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [uniqueIndex('catalogue_options_list_slug_unique').on(table.list, table.slug)],
);

export const catalogueEstimatedBudgets = pgTable('catalogue_estimated_budgets', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  label: text('label').notNull(),
  /** Major units of `currency`. */
  min: numeric('min', { mode: 'number' }).notNull(),
  /** Null on the highest bracket. */
  max: numeric('max', { mode: 'number' }),
  currency: text('currency').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * Small facts about the database itself, by key. `catalogue-data-hash`: the sha256 of the
 * catalogue data files the last start-up sync wrote, so an unchanged start skips the upsert.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** ISO 4217 currencies in circulation. */
export const catalogueCurrencies = pgTable('catalogue_currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  minorUnits: integer('minor_units').notNull(),
  /** USD first, the rest by name. */
  position: integer('position').notNull(),
});

/** ISO 3166-1 countries. */
export const catalogueCountries = pgTable('catalogue_countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  callingCode: text('calling_code').notNull(),
  /** What the country calls its first-level subdivisions; null when it has none listed. */
  subdivisionLabel: text('subdivision_label'),
});

/** First-level ISO 3166-2 subdivisions, by their code without the country prefix. */
export const catalogueCountryStates = pgTable(
  'catalogue_country_states',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => catalogueCountries.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.countryCode, table.code] })],
);

/** ISO 639-1 languages. */
export const catalogueLanguages = pgTable('catalogue_languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nativeName: text('native_name').notNull(),
});

/*
 * Service requests posted by clients from a forms/ request form. The answers are kept as the
 * client gave them (jsonb), so a new form field needs no migration; the columns beside them are
 * what lists, look-ups and the lifecycle need.
 */

export const SERVICE_REQUEST_STATUSES = ['open', 'in-review', 'awarded', 'completed', 'closed', 'expired'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public reference (`VR-7K3D9Q2M`), random, shown to users and used in job-board links. */
    refId: text('ref_id').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    /** Null for a family-level form. */
    subFamily: text('sub_family'),
    /** forms/index.json id of the form the answers were given in (`requests/mobile-app`). */
    formId: text('form_id').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Generated at posting from the answers; labels may change later, the summary stays as posted. */
    summary: text('summary').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<ServiceRequestStatus>().notNull().default('open'),
    /** The client's `Idempotency-Key`: a repeat of the same submit answers this request again. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the submitted body, so a reused key with a different body can be refused. */
    idempotencyHash: text('idempotency_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null once the request can no longer expire (awarded, completed, closed, expired). */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Proposals received, withdrawn ones excluded; kept in the transaction that changes them. */
    proposalCount: integer('proposal_count').notNull().default(0),
    /** Why the client closed it (`ServiceRequestCloseReason`), and their own words; null unless closed. */
    closeReason: text('close_reason'),
    closeNote: text('close_note'),

    // What the job board filters, sorts and searches on, lifted out of `answers` at posting
    // (through the form's `x-options` fields), so no query reads inside the jsonb.
    budgetType: text('budget_type').$type<'fixed' | 'hourly' | 'not-sure'>(),
    budgetCurrency: text('budget_currency'),
    /** The budget's bounds in USD at the reference rates; null without an amount or a known rate. */
    budgetUsdLow: doublePrecision('budget_usd_low'),
    budgetUsdHigh: doublePrecision('budget_usd_high'),
    projectDuration: text('project_duration'),
    paymentType: text('payment_type'),
    hiringDecision: text('hiring_decision'),
    toolIds: integer('tool_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Family, sub-family and tool names: the words a provider searches for beside the title. */
    searchText: text('search_text').notNull().default(''),
    /** Weighted words: title (A), summary (B), family and tool names (C). Kept by PostgreSQL. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${serviceRequests.title}), 'A') || setweight(to_tsvector('english', ${serviceRequests.summary}), 'B') || setweight(to_tsvector('simple', ${serviceRequests.searchText}), 'C')`,
      ),
  },
  (table) => [
    uniqueIndex('service_requests_ref_id_unique').on(table.refId),
    uniqueIndex('service_requests_client_idempotency_unique').on(table.clientId, table.idempotencyKey),
    index('service_requests_client_created_idx').on(table.clientId, table.createdAt.desc()),
    // The job board only ever reads public requests: partial indexes keep them small.
    index('service_requests_public_created_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`status in ('open', 'in-review')`),
    index('service_requests_public_family_created_idx')
      .on(table.family, table.createdAt.desc())
      .where(sql`status in ('open', 'in-review')`),
    // The expiry job finds lapsed requests without reading the others.
    index('service_requests_public_closes_idx')
      .on(table.closesAt)
      .where(sql`status in ('open', 'in-review')`),
    // Budget sorts walk these instead of sorting every match (requests without amounts last).
    index('service_requests_public_budget_high_idx')
      .on(table.budgetUsdHigh.desc().nullsLast(), table.createdAt.desc(), table.id.desc())
      .where(sql`status in ('open', 'in-review')`),
    index('service_requests_public_budget_low_idx')
      .on(table.budgetUsdHigh.asc().nullsLast(), table.createdAt.desc(), table.id.desc())
      .where(sql`status in ('open', 'in-review')`),
    index('service_requests_public_search_idx')
      .using('gin', table.searchVector)
      .where(sql`status in ('open', 'in-review')`),
    check(
      'service_requests_status_check',
      sql`${table.status} in ('open', 'in-review', 'awarded', 'completed', 'closed', 'expired')`,
    ),
  ],
);

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type NewServiceRequestRow = typeof serviceRequests.$inferInsert;

/**
 * The job board's word index: one row per word of each public request, with what the board
 * filters on, kept by a trigger on `service_requests` (migration 0024) in the transaction that
 * changes the request. A search reads the entries of its words from one index alone: counting
 * the matches per family, or finding the newest of them, visits no request row.
 */
export const serviceRequestWords = pgTable(
  'service_request_words',
  {
    /** A lexeme of the request's `search_vector`. */
    lexeme: byteOrderedText('lexeme').notNull(),
    /**
     * The lexeme with its positions and weights, as text a tsvector reads (`'tableau':3A,17B`):
     * a match's entries make the part of its vector a query ranks, so the rank reads no row.
     */
    entry: text('entry').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    family: text('family').notNull(),
    subFamily: text('sub_family'),
    budgetUsdLow: doublePrecision('budget_usd_low'),
    budgetUsdHigh: doublePrecision('budget_usd_high'),
    projectDuration: text('project_duration'),
    paymentType: text('payment_type'),
    /**
     * How many characters the lexeme shares with the request's lexeme before it (byte order): a
     * request's first entry under a prefix is the one sharing fewer characters than the prefix
     * has, so a prefix's matches are counted one entry each, without grouping them by request.
     */
    sharedChars: smallint('shared_chars').notNull().default(0),
    /**
     * The entry's rank for a query of its lexeme alone (`ts_rank_cd`, as the board ranks): the
     * rank of a match of a word whose prefix covers this one lexeme, read instead of computed.
     */
    rankOne: real('rank_one').notNull(),
  },
  // The search index, (lexeme, newest first) carrying every filtered column, is written in the
  // migration: drizzle's index builder cannot write INCLUDE.
  (table) => [index('service_request_words_request_idx').on(table.requestId)],
);

/**
 * A file a user uploaded (request attachments now; images of profiles and projects later). The
 * bytes live in the storage (local disk or a bucket) under `storageKey`; a row exists only once
 * the bytes are stored. `attachedTo*` is set when the file is used, so one file serves one thing;
 * a profile image is used through `profiles.image_id` instead. A file used by nothing a day after
 * its upload is deleted by the uploads sweeper.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a visitor's upload (website requests). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The name the user gave the file, cleaned of path parts; shown and used for downloads. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    attachedToType: text('attached_to_type'),
    attachedToId: uuid('attached_to_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploads_storage_key_unique').on(table.storageKey),
    index('uploads_attached_idx').on(table.attachedToType, table.attachedToId),
    index('uploads_owner_created_idx').on(table.ownerId, table.createdAt),
    // The sweeper's search: files nothing uses, oldest first.
    index('uploads_unattached_created_idx')
      .on(table.createdAt)
      .where(sql`${table.attachedToId} IS NULL`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

export const PRODUCT_REQUEST_STATUSES = ['received', 'contacted', 'proposal-sent', 'won', 'closed'] as const;
export type ProductRequestStatus = (typeof PRODUCT_REQUEST_STATUSES)[number];

/** NetSuite and React-hire requests (P01, P02) for the product team; never on the job board. */
export const productRequests = pgTable(
  'product_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refId: text('ref_id').notNull(),
    type: text('type').$type<'netsuite' | 'react-hire'>().notNull(),
    /** The signed-in caller's account, or null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** forms/index.json id of the form the answers were given in. */
    formId: text('form_id').notNull(),
    email: text('email').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<ProductRequestStatus>().notNull().default('received'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_requests_ref_id_unique').on(table.refId),
    index('product_requests_created_idx').on(table.createdAt.desc()),
    check(
      'product_requests_status_check',
      sql`${table.status} in ('received', 'contacted', 'proposal-sent', 'won', 'closed')`,
    ),
  ],
);

export type ProductRequestRow = typeof productRequests.$inferSelect;

export const WEBSITE_REQUEST_STATUSES = ['received', 'in-review', 'matched', 'closed'] as const;
export type WebsiteRequestStatus = (typeof WEBSITE_REQUEST_STATUSES)[number];

/** Project requests sent from the website (W01) for the marketplace team; never on the job board. */
export const websiteRequests = pgTable(
  'website_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refId: text('ref_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    serviceSlug: text('service_slug').notNull(),
    budget: text('budget'),
    message: text('message').notNull(),
    status: text('status').$type<WebsiteRequestStatus>().notNull().default('received'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('website_requests_ref_id_unique').on(table.refId),
    index('website_requests_created_idx').on(table.createdAt.desc()),
    check('website_requests_status_check', sql`${table.status} in ('received', 'in-review', 'matched', 'closed')`),
  ],
);

export type WebsiteRequestRow = typeof websiteRequests.$inferSelect;

/**
 * Messages from the contact form (W02): a support ticket each, with its public reference
 * (`CS-XXXXXXXX`) quoted in the emails. `user_id` links a signed-in sender's account.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contact_messages_reference_unique').on(table.reference),
    index('contact_messages_created_idx').on(table.createdAt.desc()),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

// ---------------------------------------------------------------- provider and client profiles

/**
 * One row per account, created on the first profile write. Each section (business details,
 * personal contact, about, social profiles, competitors, freelancer about, education, experience,
 * languages, personal and business details, client about and profile details) is stored as it was
 * validated, under its own key in `sections`, with the time it was saved; "completed" means the key
 * is there. The columns below `sections` are what the directories filter, sort and search on,
 * written by the profile service whenever a section they come from changes.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account's type, copied (it never changes) so each directory reads its own index. */
    accountType: text('account_type').$type<AccountType>().notNull(),
    sections: jsonb('sections').$type<Record<string, ProfileSection>>().notNull().default({}),
    /** The profile image (re-encoded upload), or null. */
    imageId: uuid('image_id').references(() => uploads.id, { onDelete: 'set null' }),
    tagline: text('tagline'),
    leadsType: text('leads_type').$type<'worldwide' | 'custom'>(),
    leadsCountry: text('leads_country'),
    leadsState: text('leads_state'),
    /** When onboarding was completed: the profile is in the directories from then on. */
    listedAt: timestamp('listed_at', { withTimezone: true }),

    // Directory columns.
    /** Families and `family/sub` slugs the provider offers (primary, other, business about). */
    serviceSlugs: text('service_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** ISO country codes of the business's offices, or the freelancer's country. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `country-state` codes (`US-CA`) of the same places. */
    states: text('states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalEmployees: text('total_employees'),
    minimumProjectSize: text('minimum_project_size'),
    averageHourlyRate: text('average_hourly_rate'),
    /** Lower bound of the hourly rate in USD, for rate filters and sorts. */
    hourlyRateUsd: integer('hourly_rate_usd'),
    /** Lower bound of the minimum project size in USD. */
    minimumProjectUsd: integer('minimum_project_usd'),
    reviewCount: integer('review_count').notNull().default(0),
    ratingAverage: doublePrecision('rating_average'),
    /** Name, tagline, description, services, cities and skills: what directory words match. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${profiles.searchText})`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The directories' sorts walk these instead of sorting every listed profile; the first also
    // serves counts and the newest-first order.
    index('profiles_listed_newest_idx')
      .on(table.accountType, table.listedAt.desc(), table.userId.desc())
      .where(sql`listed_at IS NOT NULL`),
    index('profiles_listed_rating_idx')
      .on(
        table.accountType,
        table.ratingAverage.desc().nullsLast(),
        table.reviewCount.desc(),
        table.listedAt.desc(),
        table.userId.desc(),
      )
      .where(sql`listed_at IS NOT NULL`),
    index('profiles_listed_rate_low_idx')
      .on(table.accountType, table.hourlyRateUsd.asc().nullsLast(), table.listedAt.desc(), table.userId.desc())
      .where(sql`listed_at IS NOT NULL`),
    index('profiles_listed_rate_high_idx')
      .on(table.accountType, table.hourlyRateUsd.desc().nullsLast(), table.listedAt.desc(), table.userId.desc())
      .where(sql`listed_at IS NOT NULL`),
    index('profiles_listed_services_idx')
      .using('gin', table.serviceSlugs)
      .where(sql`listed_at IS NOT NULL`),
    index('profiles_listed_countries_idx')
      .using('gin', table.countries)
      .where(sql`listed_at IS NOT NULL`),
    index('profiles_listed_search_idx')
      .using('gin', table.searchVector)
      .where(sql`listed_at IS NOT NULL`),
    check('profiles_leads_type_check', sql`${table.leadsType} in ('worldwide', 'custom')`),
  ],
);

/**
 * The directories' word index: one row per lexeme of each listed profile's `search_vector`,
 * carrying what the directories sort on and the rate they filter on, so a search reads the
 * entries under its words' prefixes from one index instead of every matching profile's wide row.
 * The other filters (services, places, bands) are arrays or rare: a search with them reads the
 * profiles' indexes, as before. Kept by triggers (migration 0025) in the transaction that changes
 * the profile.
 */
export const profileWords = pgTable(
  'profile_words',
  {
    accountType: text('account_type').$type<AccountType>().notNull(),
    /** A lexeme of the profile's `search_vector`. */
    lexeme: byteOrderedText('lexeme').notNull(),
    /** The lexeme with its positions and weights, as text a tsvector reads (`'tableau':3D,17D`). */
    entry: text('entry').notNull(),
    /**
     * The rank of a one-word search that matches this lexeme alone in the profile: `ts_rank` of
     * such a search reads that entry only, so most matches of a one-word search are ranked
     * without parsing their entries.
     */
    rankOne: real('rank_one').notNull(),
    /**
     * The rank of a one-word search for this lexeme's first L characters (at index L), over this
     * entry and the profile's entries before it under those characters, for each L up to what it
     * shares with the lexeme before it (null when nothing): above that, it is `rankOne`. So a
     * profile's rank for such a search is the largest of its entries' under the prefix, as
     * `ts_rank` adds them, without parsing them (migration 0026).
     */
    runRanks: real('run_ranks').array(),
    /**
     * How many characters this lexeme shares with the profile's lexeme before it (the length of
     * `runRanks`, 0 for none): the profile's first row under a prefix is the one sharing fewer
     * characters than the prefix has, so a one-word search counts its matches from the narrow
     * count index below, without reading the rows' ranks (migration 0027).
     */
    sharedChars: smallint('shared_chars').notNull().default(0),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    hourlyRateUsd: integer('hourly_rate_usd'),
    reviewCount: integer('review_count').notNull(),
    ratingAverage: doublePrecision('rating_average'),
  },
  // The search index, (type, lexeme) carrying every sorted column, is written in the migration:
  // drizzle's index builder cannot write INCLUDE.
  (table) => [
    index('profile_words_user_idx').on(table.userId),
    // Counts: few distinct keys, so PostgreSQL keeps each lexeme's rows as posting lists, a
    // sixteenth of the search index's size: a broad word's count reads a few pages of it.
    index('profile_words_count_idx').on(table.accountType, table.lexeme, table.sharedChars),
    // A one-lexeme word's page by relevance, in the relevance order (orderOf): the page's first
    // rows are read from the front of its range, not sorted from all of them.
    index('profile_words_rank_idx').on(
      table.accountType,
      table.lexeme,
      table.rankOne.desc(),
      table.listedAt.desc().nullsLast(),
      table.userId.desc().nullsLast(),
    ),
  ],
);

/** A section as stored: the validated input and when it was saved. */
export interface ProfileSection {
  data: unknown;
  savedAt: string;
}

export type ProfileRow = typeof profiles.$inferSelect;

/**
 * The service families a provider offers: exactly one primary (with up to five sub-families) and
 * up to five others. `details` is the freelancer's service-details step for that family.
 */
export const providerServices = pgTable(
  'provider_services',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    subFamilies: text('sub_families')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    details: jsonb('details').$type<Record<string, unknown>>(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.family] }),
    uniqueIndex('provider_services_one_primary')
      .on(table.userId)
      .where(sql`is_primary`),
    index('provider_services_family_idx').on(table.family),
  ],
);

export type ProviderServiceRow = typeof providerServices.$inferSelect;

/** A freelancer's portfolio project, filed under one of their services. */
export const providerProjects = pgTable(
  'provider_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    title: text('title').notNull(),
    projectSize: text('project_size'),
    /** The rest of the validated input (description, dates, tools, links...). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Upload ids, images first in display order, then files. */
    imageIds: uuid('image_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('provider_projects_user_family_idx').on(table.userId, table.family, table.createdAt.desc())],
);

export type ProviderProjectRow = typeof providerProjects.$inferSelect;

/** A business's offices; at most one headquarters. */
export const businessLocations = pgTable(
  'business_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    state: text('state'),
    city: text('city').notNull(),
    isHeadquarters: boolean('is_headquarters').notNull().default(false),
    /** The rest of the validated input (address lines, postal code, phone...). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('business_locations_user_idx').on(table.userId, table.position),
    uniqueIndex('business_locations_one_headquarters')
      .on(table.userId)
      .where(sql`is_headquarters`),
  ],
);

export type BusinessLocationRow = typeof businessLocations.$inferSelect;

export const REFERENCE_STATUSES = ['pending', 'submitted', 'expired'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

/**
 * A review or reference a provider asked someone for. The link carries a random token; only its
 * sha256 is stored. `visible` is the provider's choice to show a submitted one publicly.
 */
export const providerReferences = pgTable(
  'provider_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'review' | 'reference'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<ReferenceStatus>().notNull().default('pending'),
    visible: boolean('visible').notNull().default(false),
    rating: integer('rating'),
    /** What the provider wrote when asking (company, relationship, message...). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    /** What the reviewer submitted (text, rating details...), null until then. */
    response: jsonb('response').$type<Record<string, unknown>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_references_token_unique').on(table.tokenHash),
    index('provider_references_provider_idx').on(table.providerId, table.createdAt.desc()),
    check('provider_references_kind_check', sql`${table.kind} in ('review', 'reference')`),
    check('provider_references_status_check', sql`${table.status} in ('pending', 'submitted', 'expired')`),
    check('provider_references_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

export type ProviderReferenceRow = typeof providerReferences.$inferSelect;

export const PROPOSAL_STATUSES = ['submitted', 'shortlisted', 'accepted', 'declined', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export interface ProposalMilestoneValue {
  title: string;
  amount: number;
  dueInDays: number;
}

/**
 * A provider's proposal on a service request (R09-R12): one per provider and request, withdrawn
 * ones included. Attachments are `uploads` rows attached as `proposal`. `gemsSpent` is what a
 * freelancer paid for it (0 for a business), given back at most once through the ledger's
 * idempotency key when the request closes or expires with nobody hired.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerType: text('provider_type').$type<'freelancer' | 'business'>().notNull(),
    coverLetter: text('cover_letter').notNull(),
    priceType: text('price_type').$type<'fixed' | 'hourly'>().notNull(),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency').notNull(),
    /** A slug of the project-duration list. */
    estimatedDuration: text('estimated_duration').notNull(),
    milestones: jsonb('milestones').$type<ProposalMilestoneValue[]>().notNull().default([]),
    status: text('status').$type<ProposalStatus>().notNull().default('submitted'),
    declineReason: text('decline_reason'),
    gemsSpent: integer('gems_spent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('proposals_request_provider_unique').on(table.requestId, table.providerId),
    index('proposals_provider_created_idx').on(table.providerId, table.createdAt.desc(), table.id.desc()),
    index('proposals_request_created_idx').on(table.requestId, table.createdAt.desc(), table.id.desc()),
    check(
      'proposals_status_check',
      sql`${table.status} in ('submitted', 'shortlisted', 'accepted', 'declined', 'withdrawn')`,
    ),
    check('proposals_price_type_check', sql`${table.priceType} in ('fixed', 'hourly')`),
    check('proposals_amount_check', sql`${table.amount} > 0 and ${table.amount} <= 1000000`),
    check('proposals_gems_check', sql`${table.gemsSpent} >= 0`),
  ],
);

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposalRow = typeof proposals.$inferInsert;

export const LEDGER_REASONS = [
  'purchase',
  'unlock',
  'proposal',
  'proposal-return',
  'refund',
  'adjustment',
  'bonus',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * A freelancer's versigems balance. The row is the lock every spend takes: a spend is one
 * `UPDATE ... WHERE balance >= cost` in the transaction that writes its ledger entry, so two
 * spends racing for the last versigems give one success, and the balance is never negative.
 */
export const versigemsBalances = pgTable(
  'versigems_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('versigems_balances_balance_check', sql`${table.balance} >= 0`)],
);

/**
 * The append-only versigems ledger: every credit and spend with the balance after it. An entry
 * with an `idempotencyKey` (`welcome:<user>`, `proposal-return:<proposal>`, a provider event id)
 * is written at most once; the unique index refuses a second.
 */
export const versigemsLedger = pgTable(
  'versigems_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    referenceKind: text('reference_kind').$type<'checkout-session' | 'service-request' | 'support-ticket'>(),
    referenceId: text('reference_id'),
    referenceLabel: text('reference_label'),
    balanceAfter: integer('balance_after').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('versigems_ledger_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('versigems_ledger_idempotency_unique').on(table.idempotencyKey),
    check('versigems_ledger_balance_check', sql`${table.balanceAfter} >= 0`),
    check('versigems_ledger_delta_check', sql`${table.delta} <> 0`),
    check(
      'versigems_ledger_reason_check',
      sql`${table.reason} in ('purchase', 'unlock', 'proposal', 'proposal-return', 'refund', 'adjustment', 'bonus')`,
    ),
  ],
);

export type VersigemsLedgerRow = typeof versigemsLedger.$inferSelect;

/**
 * A conversation between exactly two users (M01-M05), about one service request or none. The pair
 * is stored ordered (`user_a < user_b`), so one pair has at most one conversation per request and
 * one without. `updated_at` moves with every message (the list's order); `last_message_id` is the
 * list's preview.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    lastMessageId: uuid('last_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_pair_request_unique')
      .on(table.userA, table.userB, table.requestId)
      .where(sql`${table.requestId} IS NOT NULL`),
    uniqueIndex('conversations_pair_unique')
      .on(table.userA, table.userB)
      .where(sql`${table.requestId} IS NULL`),
    index('conversations_user_a_updated_idx').on(table.userA, table.updatedAt.desc(), table.id.desc()),
    index('conversations_user_b_updated_idx').on(table.userB, table.updatedAt.desc(), table.id.desc()),
    index('conversations_request_idx').on(table.requestId),
    check('conversations_pair_order_check', sql`${table.userA} < ${table.userB}`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * A message of a conversation. `recipient_id` is the other participant, so unread counts and the
 * unread badge read a small partial index. `emailed_at` is set when the recipient was emailed about
 * it (unread after 15 minutes, at most one email per conversation and recipient per hour).
 * Attachments are `uploads` rows attached as `message`.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt.desc(), table.id.desc()),
    index('messages_unread_idx')
      .on(table.recipientId, table.conversationId)
      .where(sql`${table.readAt} IS NULL`),
    // The notification job's search: unread and not emailed, oldest first.
    index('messages_unemailed_idx')
      .on(table.createdAt)
      .where(sql`${table.readAt} IS NULL AND ${table.emailedAt} IS NULL`),
    index('messages_conversation_emailed_idx')
      .on(table.conversationId, table.recipientId, table.emailedAt)
      .where(sql`${table.emailedAt} IS NOT NULL`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

export const INVITE_STATUSES = ['invited', 'viewed', 'responded', 'declined'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** A client's invitation of a provider to propose on a request (M06): one per request and provider. */
export const requestInvites = pgTable(
  'request_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    status: text('status').$type<InviteStatus>().notNull().default('invited'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('request_invites_request_provider_unique').on(table.requestId, table.providerId),
    index('request_invites_request_invited_idx').on(table.requestId, table.invitedAt.desc(), table.id.desc()),
    index('request_invites_provider_idx').on(table.providerId),
    check('request_invites_status_check', sql`${table.status} in ('invited', 'viewed', 'responded', 'declined')`),
  ],
);

/** A freelancer's versigems unlock of a request's client (M07); written with its ledger entry. */
export const requestUnlocks = pgTable(
  'request_unlocks',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gemsSpent: integer('gems_spent').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.userId] })],
);

/**
 * Email lists a user left (W04): one row per user and list (`WebsiteEmailList`). Every sender of a
 * non-transactional email checks it; transactional emails (password reset, receipts) ignore it.
 */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.list] })],
);

export const CHECKOUT_KINDS = ['plan', 'versigems'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired', 'canceled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'past-due', 'canceling', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A checkout started by a user (Y02, Y05): what it buys, priced from the server's catalogue at the
 * time (amount in minor units), and where it is. `providerSessionId` is the id the provider gave
 * it (`cs_...`), the one in the return URL. `status` moves open → complete | expired | canceled.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CheckoutKind>().notNull(),
    /** The plan's or the bundle's id in the catalogue, its slug and name at the time. */
    itemId: uuid('item_id').notNull(),
    itemSlug: text('item_slug').notNull(),
    itemName: text('item_name').notNull(),
    /** For a plan. */
    interval: text('interval').$type<PlanInterval>(),
    /** For versigems: bundles bought, and what they credit. */
    quantity: integer('quantity').notNull().default(1),
    gems: integer('gems').notNull().default(0),
    bonusGems: integer('bonus_gems').notNull().default(0),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerPaymentId: text('provider_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('checkout_sessions_provider_session_unique').on(table.providerSessionId),
    index('checkout_sessions_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('checkout_sessions_payment_idx').on(table.providerPaymentId),
    check('checkout_sessions_kind_check', sql`${table.kind} in ('plan', 'versigems')`),
    check('checkout_sessions_status_check', sql`${table.status} in ('open', 'complete', 'expired', 'canceled')`),
    check('checkout_sessions_interval_check', sql`${table.interval} is null or ${table.interval} in ('month', 'year')`),
    check('checkout_sessions_amount_check', sql`${table.amount} >= 0`),
    check('checkout_sessions_quantity_check', sql`${table.quantity} between 1 and 10`),
  ],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/**
 * A business's paid subscription at the provider, kept in step by its events. A business has at
 * most one that is not `ended` (the partial unique index); a new plan replaces the old one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull(),
    planSlug: text('plan_slug').notNull(),
    interval: text('interval').$type<PlanInterval>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_subscription_unique').on(table.providerSubscriptionId),
    uniqueIndex('subscriptions_business_live_unique')
      .on(table.businessId)
      .where(sql`${table.status} <> 'ended'`),
    check('subscriptions_interval_check', sql`${table.interval} in ('month', 'year')`),
    check('subscriptions_status_check', sql`${table.status} in ('active', 'past-due', 'canceling', 'ended')`),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Provider events applied: the id is written in the transaction of the event's effects, so each applies once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One payment received for a checkout (the first charge of a plan, a versigems purchase): what a
 * refund or a dispute is checked against. `gemsCredited` and `gemsTakenBack` say how much of a
 * versigems purchase is still to take back; `shortfall` what could not be (already spent).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerPaymentId: text('provider_payment_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    gemsCredited: integer('gems_credited').notNull().default(0),
    gemsTakenBack: integer('gems_taken_back').notNull().default(0),
    shortfall: integer('shortfall').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    disputed: boolean('disputed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_checkout_session_unique').on(table.checkoutSessionId),
    index('payments_provider_payment_idx').on(table.providerPaymentId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The sandbox payment provider's own sessions: what a hosted checkout at a real provider would
 * keep. Only the sandbox adapter reads and writes it.
 */
export const paymentSandboxSessions = pgTable('payment_sandbox_sessions', {
  id: text('id').primaryKey(),
  mode: text('mode').$type<'payment' | 'subscription'>().notNull(),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  interval: text('interval').$type<PlanInterval>(),
  clientReferenceId: text('client_reference_id').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  paymentId: text('payment_id'),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type PaymentSandboxSessionRow = typeof paymentSandboxSessions.$inferSelect;

/**
 * The sandbox provider's subscriptions, as the provider keeps them (the app's own state is
 * `subscriptions`, moved only by events): the period, the card on file, and a cancellation
 * scheduled in the sandbox's billing portal.
 */
export const paymentSandboxSubscriptions = pgTable('payment_sandbox_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  description: text('description').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval').$type<PlanInterval>().notNull(),
  status: text('status').$type<'active' | 'canceled'>().notNull().default('active'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cardLast4: text('card_last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentSandboxSubscriptionRow = typeof paymentSandboxSubscriptions.$inferSelect;

/** The sandbox's billing portal sessions (`bps_test_...`): a customer's link back to the app, valid for an hour. */
export const paymentSandboxPortalSessions = pgTable('payment_sandbox_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type PaymentSandboxPortalSessionRow = typeof paymentSandboxPortalSessions.$inferSelect;

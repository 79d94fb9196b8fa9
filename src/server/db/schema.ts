import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What a session remembers beside its user; small, never secrets. */
export interface SessionData {
  /** Set at sign-in, so access checks need no user lookup (account types never change). */
  accountType?: 'client' | 'freelancer' | 'business';
  [key: string]: unknown;
}

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the random 256-bit token in the `sid` cookie; the token itself is never stored. */
    id: text('id').primaryKey(),
    /** Null for a visitor's session. The users table comes with the accounts work. */
    userId: uuid('user_id'),
    csrfToken: text('csrf_token').notNull(),
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

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, type SessionData, type SessionRow } from '../db/schema';

export type Session = SessionRow;

/** "Remember me" sessions last 30 days from the last visit; others end after 12 idle hours. */
export const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export interface NewSession {
  userId?: string | null;
  persistent?: boolean;
  data?: SessionData;
}

/** The secret in the `sid` cookie: 256 random bits, base64url (43 characters). */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored id a cookie token names (its hash), or null for a malformed token. */
export const sessionIdOf = (token: string): string | null =>
  SESSION_TOKEN_PATTERN.test(token) ? hashSessionToken(token) : null;

/** A new session starting now, and its cookie token (shown once), for a store to keep. */
export function newSession(options: NewSession, now: Date): { token: string; session: Session } {
  const token = randomBytes(32).toString('base64url');
  const persistent = options.persistent ?? false;
  return {
    token,
    session: {
      id: hashSessionToken(token),
      userId: options.userId ?? null,
      persistent,
      data: options.data ?? {},
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiryFrom(now, persistent),
    },
  };
}

/**
 * Where sessions live: the database (`SessionStore`), or Redis when it is configured
 * (`RedisSessionStore`). Only the hash of a cookie's token is ever stored.
 */
export interface Sessions {
  /** Returns the cookie token (shown once) and the stored session. */
  create(options?: NewSession): Promise<{ token: string; session: Session }>;
  /** The live session a cookie token names, or null (unknown, malformed or expired). */
  findByToken(token: string): Promise<Session | null>;
  /** The live session stored under this id (the hash of its token), or null. */
  findById(id: string): Promise<Session | null>;
  /** Which of these sessions (by stored id) still exist and have not expired. */
  stillLive(sessionIds: readonly string[]): Promise<Set<string>>;
  /** Slides the expiry forward from now. */
  touch(session: Session): Promise<Session>;
  /** A new id for the same visit; the old id stops working. */
  rotate(session: Session, changes: NewSession): Promise<{ token: string; session: Session }>;
  destroy(sessionId: string): Promise<void>;
  /**
   * Ends every session of a user (password change or reset), optionally sparing the caller's own.
   * `transaction`: the database store deletes inside it, so the sessions end with the change that
   * ends them; Redis deletes at once (if the transaction then fails, the sessions stay ended).
   */
  destroyAllForUser(userId: string, options?: { exceptSessionId?: string; transaction?: Database }): Promise<number>;
  /** Deletes expired sessions where the store does not expire them itself; returns how many. */
  pruneExpired(): Promise<number>;
}

/** Sessions in the database (the `sessions` table). */
export class SessionStore implements Sessions {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(options: NewSession = {}): Promise<{ token: string; session: Session }> {
    const { token, session } = newSession(options, this.now());
    const [stored] = await this.db.insert(sessions).values(session).returning();
    return { token, session: stored! };
  }

  async findByToken(token: string): Promise<Session | null> {
    const id = sessionIdOf(token);
    return id ? this.findById(id) : null;
  }

  async findById(id: string): Promise<Session | null> {
    const [session] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, this.now())));
    return session ?? null;
  }

  /**
   * Which of these sessions (by stored id) still exist and have not expired: one query for every
   * stream a process holds, so a sign-out or password change elsewhere ends them.
   */
  async stillLive(sessionIds: readonly string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, this.now())));
    return new Set(rows.map((row) => row.id));
  }

  async touch(session: Session): Promise<Session> {
    const now = this.now();
    const [touched] = await this.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: expiryFrom(now, session.persistent) })
      .where(eq(sessions.id, session.id))
      .returning();
    return touched ?? session;
  }

  /**
   * A new id for the same visit (sign-in, sign-out of one role into another, password change),
   * so an id known before cannot be used after; CSRF tokens are bound to the id, so they change too.
   */
  async rotate(session: Session, changes: NewSession): Promise<{ token: string; session: Session }> {
    return this.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.id, session.id));
      const store = new SessionStore(tx, this.now);
      return store.create({
        userId: changes.userId === undefined ? session.userId : changes.userId,
        persistent: changes.persistent ?? session.persistent,
        data: changes.data ?? session.data,
      });
    });
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  async destroyAllForUser(
    userId: string,
    options: { exceptSessionId?: string; transaction?: Database } = {},
  ): Promise<number> {
    const condition = options.exceptSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, options.exceptSessionId))
      : eq(sessions.userId, userId);
    const deleted = await (options.transaction ?? this.db)
      .delete(sessions)
      .where(condition)
      .returning({ id: sessions.id });
    return deleted.length;
  }

  async pruneExpired(): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, this.now()))
      .returning({ id: sessions.id });
    return deleted.length;
  }
}

export function expiryFrom(now: Date, persistent: boolean): Date {
  return new Date(now.getTime() + (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
}

import type { Redis } from 'ioredis';
import type { SessionData } from '../db/schema';
import {
  expiryFrom,
  newSession,
  PERSISTENT_SESSION_MS,
  sessionIdOf,
  type NewSession,
  type Session,
  type Sessions,
} from './session-store';

/** A session as stored in Redis: JSON with the dates as epoch milliseconds. */
interface StoredSession {
  userId: string | null;
  persistent: boolean;
  data: SessionData;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Sessions in Redis, shared by every server process: `<prefix>session:<id>` holds the session and
 * expires with it (Redis deletes it on time, so nothing is pruned), and `<prefix>user-sessions:<user>`
 * lists a user's session ids so a password change can end them all. Every request reads Redis,
 * so a session ended by any process is refused by every other on its next request.
 */
export class RedisSessionStore implements Sessions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private sessionKey = (id: string) => `${this.prefix}session:${id}`;
  private userKey = (userId: string) => `${this.prefix}user-sessions:${userId}`;

  async create(options: NewSession = {}): Promise<{ token: string; session: Session }> {
    const { token, session } = newSession(options, this.now());
    const write = this.redis.multi().set(this.sessionKey(session.id), this.encode(session), 'PXAT', +session.expiresAt);
    if (session.userId) {
      write.sadd(this.userKey(session.userId), session.id).pexpire(this.userKey(session.userId), PERSISTENT_SESSION_MS);
    }
    await write.exec();
    return { token, session };
  }

  async findByToken(token: string): Promise<Session | null> {
    const id = sessionIdOf(token);
    return id ? this.findById(id) : null;
  }

  async findById(id: string): Promise<Session | null> {
    const stored = await this.redis.get(this.sessionKey(id));
    const session = stored ? this.decode(id, stored) : null;
    return session && session.expiresAt > this.now() ? session : null;
  }

  async stillLive(sessionIds: readonly string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const values = await this.redis.mget(sessionIds.map(this.sessionKey));
    const now = this.now();
    return new Set(
      sessionIds.filter((id, index) => {
        const session = values[index] ? this.decode(id, values[index]) : null;
        return session !== null && session.expiresAt > now;
      }),
    );
  }

  async touch(session: Session): Promise<Session> {
    const now = this.now();
    const touched = { ...session, lastSeenAt: now, expiresAt: expiryFrom(now, session.persistent) };
    // XX: a session ended meanwhile stays ended.
    const written = await this.redis.set(
      this.sessionKey(session.id),
      this.encode(touched),
      'PXAT',
      +touched.expiresAt,
      'XX',
    );
    return written ? touched : session;
  }

  async rotate(session: Session, changes: NewSession): Promise<{ token: string; session: Session }> {
    await this.destroy(session.id, session.userId);
    return this.create({
      userId: changes.userId === undefined ? session.userId : changes.userId,
      persistent: changes.persistent ?? session.persistent,
      data: changes.data ?? session.data,
    });
  }

  async destroy(sessionId: string, knownUserId?: string | null): Promise<void> {
    const userId = knownUserId === undefined ? (await this.findById(sessionId))?.userId : knownUserId;
    const write = this.redis.multi().del(this.sessionKey(sessionId));
    if (userId) write.srem(this.userKey(userId), sessionId);
    await write.exec();
  }

  async destroyAllForUser(userId: string, options: { exceptSessionId?: string } = {}): Promise<number> {
    const ids = (await this.redis.smembers(this.userKey(userId))).filter((id) => id !== options.exceptSessionId);
    if (ids.length === 0) return 0;
    const results = await this.redis
      .multi()
      .del(...ids.map(this.sessionKey))
      .srem(this.userKey(userId), ...ids)
      .exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  /** Redis expires sessions itself. */
  async pruneExpired(): Promise<number> {
    return 0;
  }

  private encode(session: Session): string {
    return JSON.stringify({
      userId: session.userId,
      persistent: session.persistent,
      data: session.data,
      createdAt: +session.createdAt,
      lastSeenAt: +session.lastSeenAt,
      expiresAt: +session.expiresAt,
    } satisfies StoredSession);
  }

  private decode(id: string, value: string): Session | null {
    try {
      const stored = JSON.parse(value) as StoredSession;
      return {
        id,
        userId: stored.userId,
        persistent: stored.persistent,
        data: stored.data,
        createdAt: new Date(stored.createdAt),
        lastSeenAt: new Date(stored.lastSeenAt),
        expiresAt: new Date(stored.expiresAt),
      };
    } catch {
      return null;
    }
  }
}

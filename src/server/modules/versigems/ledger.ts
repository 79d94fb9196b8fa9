import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { versigemsBalances, versigemsLedger, type LedgerReason, type VersigemsLedgerRow } from '../../db/schema';
import { conflict } from '../../errors';

/** A transaction of the app's database, or the database itself for a one-statement read. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** What an entry is about (`PaymentsLedgerReference`). */
export interface LedgerReference {
  kind: 'checkout-session' | 'service-request' | 'support-ticket';
  id: string;
  label: string;
}

export interface LedgerEntryInput {
  userId: string;
  /** Versigems added (> 0) or spent (< 0); never 0. */
  delta: number;
  reason: LedgerReason;
  reference?: LedgerReference | null;
  /** Writes the entry at most once: a second call with the same key changes nothing. */
  idempotencyKey?: string;
}

export interface LedgerEntryResult {
  /** False when an entry with the same idempotency key was already written. */
  applied: boolean;
  /** The balance after this call (unchanged when not applied). */
  balance: number;
}

/** A spend larger than the balance: a 409 whose message gives both numbers. */
export class InsufficientVersigems extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`You need ${needed} versigems and have ${balance}.`);
  }
}

/**
 * Writes one ledger entry and moves the balance with it, inside the caller's transaction so the
 * entry lands with what it pays for (a proposal, an unlock) or not at all. Every entry of a user
 * first locks that user's balance row, so entries of one user apply one after the other: two
 * spends racing for the last versigems give one entry and one `InsufficientVersigems`, and an
 * idempotency key is checked after the lock, so a repeated credit is written once. The balance
 * never goes below 0 (a check constraint backs this up).
 */
export async function applyLedgerEntry(tx: Transaction, input: LedgerEntryInput): Promise<LedgerEntryResult> {
  if (!Number.isInteger(input.delta) || input.delta === 0)
    throw new Error('A ledger entry moves a whole, non-zero number of versigems');
  await tx.insert(versigemsBalances).values({ userId: input.userId, balance: 0 }).onConflictDoNothing();
  const [locked] = await tx
    .select({ balance: versigemsBalances.balance })
    .from(versigemsBalances)
    .where(eq(versigemsBalances.userId, input.userId))
    .for('update');
  const current = locked?.balance ?? 0;
  if (input.idempotencyKey !== undefined) {
    const [seen] = await tx
      .select({ id: versigemsLedger.id })
      .from(versigemsLedger)
      .where(eq(versigemsLedger.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (seen) return { applied: false, balance: current };
  }
  const balance = current + input.delta;
  if (balance < 0) throw new InsufficientVersigems(current, -input.delta);
  await tx
    .update(versigemsBalances)
    .set({ balance, updatedAt: new Date() })
    .where(eq(versigemsBalances.userId, input.userId));
  await tx.insert(versigemsLedger).values({
    userId: input.userId,
    delta: input.delta,
    reason: input.reason,
    referenceKind: input.reference?.kind ?? null,
    referenceId: input.reference?.id ?? null,
    referenceLabel: input.reference?.label ?? null,
    balanceAfter: balance,
    idempotencyKey: input.idempotencyKey ?? null,
    // The time of writing, not of the transaction's start: a user's entries are written one
    // after the other (the lock above), so their times order them newest first, even two
    // entries of one transaction (a purchase and its bonus) or a transaction that waited.
    createdAt: sql`clock_timestamp()`,
  });
  return { applied: true, balance };
}

/**
 * `applyLedgerEntry` for a spend, with the shortfall as a 409 carrying `message` (or the default
 * "You need N versigems and have M.").
 */
export async function spendVersigems(
  tx: Transaction,
  input: Omit<LedgerEntryInput, 'delta'> & { amount: number },
  message?: (shortfall: InsufficientVersigems) => string,
): Promise<LedgerEntryResult> {
  const { amount, ...entry } = input;
  try {
    return await applyLedgerEntry(tx, { ...entry, delta: -amount });
  } catch (error) {
    if (error instanceof InsufficientVersigems) throw conflict(message ? message(error) : error.message);
    throw error;
  }
}

/** The user's balance (0 before their first entry). */
export async function versigemsBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: versigemsBalances.balance })
    .from(versigemsBalances)
    .where(eq(versigemsBalances.userId, userId));
  return row?.balance ?? 0;
}

/**
 * A page of the user's ledger, newest first, and how many entries there are in all. The two reads
 * run one after the other, so `db` may be a transaction (one connection runs one query at a time).
 */
export async function ledgerPage(
  db: Executor,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: VersigemsLedgerRow[]; total: number }> {
  const rows = await db
    .select()
    .from(versigemsLedger)
    .where(eq(versigemsLedger.userId, userId))
    .orderBy(desc(versigemsLedger.createdAt), desc(versigemsLedger.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [totals] = await db.select({ total: count() }).from(versigemsLedger).where(eq(versigemsLedger.userId, userId));
  return { rows, total: totals?.total ?? 0 };
}

/**
 * `npm run versigems:grant -- --email someone@example.com --amount 50 [--note "..."]`: gives a
 * freelancer account versigems on this installation, to try proposals and unlocks without a
 * payment provider. It opens the database the environment names (PostgreSQL when DATABASE_URL is
 * set, otherwise the embedded database in `${DATA_DIR}/pg`), writes one `adjustment` entry to the
 * account's ledger and prints the new balance. There is no API for this, on purpose.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { findUserByEmail } from '../src/server/modules/auth';
import { applyLedgerEntry } from '../src/server/modules/versigems';

/** The most one grant may give, and the most a balance may hold (the contract's maximum). */
export const MAX_GRANT = 1_000_000;
const MAX_BALANCE = 1_000_000;
const LABEL_MAX = 200;
export const DEFAULT_GRANT_LABEL = 'Granted on this installation';

/** A refusal with a message for the person running the script. */
export class GrantRefused extends Error {}

export interface Grant {
  email: string;
  /** Whole versigems, at least 1; a string is read as the command line gives it. */
  amount: number | string;
  note?: string;
}

/** Checks the grant, then writes it: answers the account's email and its new balance. */
export async function grantVersigems(db: Database, grant: Grant): Promise<{ email: string; balance: number }> {
  const amount =
    typeof grant.amount === 'string' && /^\s*\d+\s*$/.test(grant.amount) ? Number(grant.amount) : grant.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    throw new GrantRefused(`The amount must be a whole number of versigems above 0 (got "${grant.amount}").`);
  }
  if (amount > MAX_GRANT) throw new GrantRefused(`The amount must be at most ${MAX_GRANT}.`);
  const note = grant.note?.trim() ?? '';
  if ([...note].length > LABEL_MAX) throw new GrantRefused(`The note must be at most ${LABEL_MAX} characters.`);

  const email = grant.email.trim();
  const user = email ? await findUserByEmail(db, email) : null;
  if (!user) throw new GrantRefused(`No account uses the email ${email || '(none given)'}.`);
  if (user.accountType !== 'freelancer') {
    throw new GrantRefused(`${user.email} is a ${user.accountType} account; only freelancers hold versigems.`);
  }
  const balance = await db.transaction(async (tx) => {
    const entry = await applyLedgerEntry(tx, {
      userId: user.id,
      delta: amount,
      reason: 'adjustment',
      reference: { kind: 'support-ticket', id: 'local-grant', label: note || DEFAULT_GRANT_LABEL },
    });
    // Thrown inside the transaction, so nothing is written.
    if (entry.balance > MAX_BALANCE) {
      throw new GrantRefused(
        `That would take the balance to ${entry.balance}, above the ${MAX_BALANCE} a balance may hold.`,
      );
    }
    return entry.balance;
  });
  return { email: user.email, balance };
}

const USAGE = 'Usage: npm run versigems:grant -- --email someone@example.com --amount 50 [--note "..."]';

async function main(): Promise<void> {
  let values: { email?: string; amount?: string; note?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, amount: { type: 'string' }, note: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new GrantRefused(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.email || values.amount === undefined) throw new GrantRefused(USAGE);
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const { email, balance } = await grantVersigems(database.db, {
      email: values.email,
      amount: values.amount,
      note: values.note,
    });
    console.log(`Granted ${Number(values.amount)} versigems to ${email}. The balance is now ${balance}.`);
  } finally {
    await database.close();
  }
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof GrantRefused || error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}

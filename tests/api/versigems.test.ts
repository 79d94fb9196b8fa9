import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { versigemsBalances, versigemsLedger } from '../../src/server/db/schema';
import { ApiError } from '../../src/server/errors';
import type { components } from '../../src/server/generated/api';
import { grantWelcomeBonus } from '../../src/server/modules/auth/service';
import {
  applyLedgerEntry,
  spendVersigems,
  versigemsBalance,
  VERSIGEMS_PRICES,
} from '../../src/server/modules/versigems';
import { DEFAULT_GRANT_LABEL, grantVersigems, GrantRefused } from '../../scripts/grant-versigems';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  getMe,
  registerThroughApi,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';

// Many writes each, on a shared machine: more time than the project's defaults.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

type Balance = components['schemas']['PaymentsVersigemsBalanceResponse']['data'];

const BALANCE = '/api/payments/freelancer/versigems/';

describe.each(databaseKinds)('versigems (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
  });
  afterAll(() => testApp.close());

  const entries = (userId: string) => app().db.select().from(versigemsLedger).where(eq(versigemsLedger.userId, userId));
  const credit = (userId: string, delta: number, idempotencyKey?: string) =>
    app().db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId,
        delta,
        reason: 'purchase',
        reference: { kind: 'checkout-session', id: 'cs_test_growth', label: 'Growth × 1' },
        idempotencyKey,
      }),
    );
  const balanceOf = async (session: SignedSession, query = '') => {
    const response = await app().inject({ url: `${BALANCE}${query}`, headers: { cookie: session.cookie } });
    return (expectContractResponse('getVersigemsBalance', response, 200) as { data: Balance }).data;
  };

  describe('getVersigemsBalance', () => {
    it('answers a visitor 401, a client and a business 403, a freelancer their own balance', async () => {
      const got: Record<string, number> = {};
      const sessions = {
        visitor: await signedSession(app()),
        client: await signedInSession(app(), 'client'),
        business: await signedInSession(app(), 'business'),
        freelancer: await signedInSession(app(), 'freelancer'),
      };
      for (const [who, session] of Object.entries(sessions)) {
        const response = await app().inject({ url: BALANCE, headers: { cookie: session.cookie } });
        expectContractResponse('getVersigemsBalance', response);
        got[who] = response.statusCode;
      }
      expect(got).toEqual({ visitor: 401, client: 403, business: 403, freelancer: 200 });
      // An account made without sign-up has no ledger yet: 0, and an empty first page.
      expect(await balanceOf(sessions.freelancer)).toEqual({
        balance: 0,
        unlockCost: VERSIGEMS_PRICES.unlock,
        ledger: { items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
      });
    });

    it('lists the ledger newest first, a page at a time, with null for an entry without a reference', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const other = await signedInSession(app(), 'freelancer');
      const userId = freelancer.account.user.id;
      await app().db.transaction((tx) => grantWelcomeBonus(tx, userId));
      await credit(userId, 50);
      await app().db.transaction((tx) =>
        spendVersigems(tx, {
          userId,
          amount: VERSIGEMS_PRICES.proposal,
          reason: 'proposal',
          reference: { kind: 'service-request', id: 'a-request', label: 'VR-7K3D9Q2M · Booking app' },
        }),
      );
      await credit(other.account.user.id, 7);

      const all = await balanceOf(freelancer);
      expect(all.balance).toBe(58);
      expect(all.ledger.items.map(({ delta, reason, balanceAfter }) => ({ delta, reason, balanceAfter }))).toEqual([
        { delta: -2, reason: 'proposal', balanceAfter: 58 },
        { delta: 50, reason: 'purchase', balanceAfter: 60 },
        { delta: 10, reason: 'bonus', balanceAfter: 10 },
      ]);
      expect(all.ledger.items[0]!.reference).toEqual({
        kind: 'service-request',
        id: 'a-request',
        label: 'VR-7K3D9Q2M · Booking app',
      });
      expect(all.ledger.items[2]!.reference).toBeNull();
      expect(all.ledger.pagination).toEqual({ page: 1, pageSize: 20, total: 3, totalPages: 1 });

      const second = await balanceOf(freelancer, '?page=2&pageSize=2');
      expect(second.balance).toBe(58);
      expect(second.ledger.items.map((item) => item.reason)).toEqual(['bonus']);
      expect(second.ledger.pagination).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });

      const bad = await app().inject({ url: `${BALANCE}?pageSize=500`, headers: { cookie: freelancer.cookie } });
      expect(expectContractResponse('getVersigemsBalance', bad, 400).code).toBe('validation_failed');
    });
  });

  describe('the welcome bonus', () => {
    it('gives every new freelancer 10 versigems at sign-up, once; clients and businesses get none', async () => {
      const signedUp = await registerThroughApi(app(), 'freelancer');
      expect(signedUp.response.statusCode, signedUp.response.body).toBe(201);
      const user = signedUp.response.json().data as { id: string; versigems: number };
      expect(user.versigems).toBe(VERSIGEMS_PRICES.welcomeBonus);
      expect((await getMe(app(), signedUp.session)).json().data.versigems).toBe(10);
      const balance = await balanceOf(signedUp.session);
      expect(balance.balance).toBe(10);
      expect(balance.ledger.items).toEqual([
        expect.objectContaining({ delta: 10, reason: 'bonus', reference: null, balanceAfter: 10 }),
      ]);
      const [row] = await entries(user.id);
      expect(row!.idempotencyKey).toBe(`welcome:${user.id}`);
      // A repeat (a retried sign-up step) changes nothing.
      await app().db.transaction((tx) => grantWelcomeBonus(tx, user.id));
      expect(await entries(user.id)).toHaveLength(1);
      expect(await versigemsBalance(app().db, user.id)).toBe(10);

      for (const accountType of ['client', 'business'] as const) {
        const other = await registerThroughApi(app(), accountType);
        const id = (other.response.json().data as { id: string }).id;
        expect(await entries(id)).toEqual([]);
        expect(other.response.json().data.versigems).toBeNull();
      }
    });
  });

  describe('the ledger under concurrency', () => {
    it('lets exactly 5 of 20 concurrent spends of 1 through on a balance of 5, never below 0', async () => {
      const { user } = await createAccount(app(), 'freelancer');
      await credit(user.id, 5);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          app().db.transaction((tx) =>
            spendVersigems(tx, {
              userId: user.id,
              amount: 1,
              reason: 'unlock',
              reference: { kind: 'service-request', id: `request-${index}`, label: `Request ${index}` },
            }),
          ),
        ),
      );
      const succeeded = results.filter((result) => result.status === 'fulfilled');
      const refused = results.filter((result) => result.status === 'rejected');
      expect(succeeded).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const result of refused) {
        const error = (result as PromiseRejectedResult).reason as ApiError;
        expect(error).toBeInstanceOf(ApiError);
        expect(error.statusCode).toBe(409);
        expect(error.message).toBe('You need 1 versigems and have 0.');
      }
      expect(await versigemsBalance(app().db, user.id)).toBe(0);
      const ledger = await entries(user.id);
      expect(ledger).toHaveLength(6);
      expect(ledger.reduce((sum, entry) => sum + entry.delta, 0)).toBe(0);
      expect(ledger.every((entry) => entry.balanceAfter >= 0)).toBe(true);
      // Each entry's balance follows from the one before it.
      const ordered = [...ledger].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      let running = 0;
      for (const entry of ordered) {
        running += entry.delta;
        expect(entry.balanceAfter).toBe(running);
      }
      const [stored] = await app()
        .db.select({ balance: versigemsBalances.balance })
        .from(versigemsBalances)
        .where(eq(versigemsBalances.userId, user.id));
      expect(stored!.balance).toBe(0);
    });

    it('applies a credit with one idempotency key once, however many arrive together', async () => {
      const { user } = await createAccount(app(), 'freelancer');
      const results = await Promise.all(Array.from({ length: 8 }, () => credit(user.id, 25, `checkout:${user.id}`)));
      expect(results.filter((result) => result.applied)).toHaveLength(1);
      expect(results.every((result) => result.balance === 25)).toBe(true);
      expect(await entries(user.id)).toHaveLength(1);
      expect(await versigemsBalance(app().db, user.id)).toBe(25);
    });

    it('never lets the balance below 0, even written around the primitive', async () => {
      const { user } = await createAccount(app(), 'freelancer');
      await credit(user.id, 3);
      await expect(
        app()
          .db.update(versigemsBalances)
          .set({ balance: sql`${versigemsBalances.balance} - 4` })
          .where(eq(versigemsBalances.userId, user.id)),
      ).rejects.toThrow();
      expect(await versigemsBalance(app().db, user.id)).toBe(3);
    });
  });

  describe('granting versigems on an installation', () => {
    it('writes an adjustment to a freelancer and answers the new balance', async () => {
      const signedUp = await registerThroughApi(app(), 'freelancer');
      const email = signedUp.email;
      const userId = (signedUp.response.json().data as { id: string }).id;
      expect(
        await grantVersigems(app().db, { email: email.toUpperCase(), amount: '50', note: ' Testing unlocks ' }),
      ).toEqual({
        email,
        balance: 60,
      });
      expect(await grantVersigems(app().db, { email, amount: 5 })).toEqual({ email, balance: 65 });
      const balance = await balanceOf(signedUp.session);
      expect(balance.ledger.items.slice(0, 2)).toEqual([
        expect.objectContaining({
          delta: 5,
          reason: 'adjustment',
          balanceAfter: 65,
          reference: { kind: 'support-ticket', id: 'local-grant', label: DEFAULT_GRANT_LABEL },
        }),
        expect.objectContaining({
          delta: 50,
          reason: 'adjustment',
          balanceAfter: 60,
          reference: { kind: 'support-ticket', id: 'local-grant', label: 'Testing unlocks' },
        }),
      ]);
      expect(await entries(userId)).toHaveLength(3);
    });

    it('refuses other account types, unknown emails and amounts that are not whole numbers above 0', async () => {
      const freelancer = await createAccount(app(), 'freelancer');
      const client = await createAccount(app(), 'client');
      const business = await createAccount(app(), 'business');
      const refusals: [Parameters<typeof grantVersigems>[1], RegExp][] = [
        [{ email: client.email, amount: 10 }, /is a client account; only freelancers hold versigems/],
        [{ email: business.email, amount: 10 }, /is a business account/],
        [{ email: 'nobody@example.com', amount: 10 }, /No account uses the email nobody@example.com/],
        [{ email: freelancer.email, amount: 0 }, /whole number of versigems above 0/],
        [{ email: freelancer.email, amount: -5 }, /whole number of versigems above 0/],
        [{ email: freelancer.email, amount: 1.5 }, /whole number of versigems above 0/],
        [{ email: freelancer.email, amount: '2.5' }, /whole number of versigems above 0/],
        [{ email: freelancer.email, amount: 'ten' }, /whole number of versigems above 0/],
        [{ email: freelancer.email, amount: 2_000_000 }, /at most 1000000/],
        [{ email: freelancer.email, amount: 1, note: 'n'.repeat(201) }, /note must be at most 200/],
      ];
      for (const [grant, message] of refusals) {
        const refused = grantVersigems(app().db, grant);
        await expect(refused).rejects.toBeInstanceOf(GrantRefused);
        await expect(refused).rejects.toThrow(message);
      }
      for (const account of [freelancer, client, business]) expect(await entries(account.user.id)).toEqual([]);
    });
  });
});

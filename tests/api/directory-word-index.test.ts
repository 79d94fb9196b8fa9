import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seedProviders } from '../../scripts/seed-providers';
import { profileWords, profiles, users } from '../../src/server/db/schema';
import { searchWords } from '../../src/server/lib/search-text';
import {
  countDirectory,
  listDirectory,
  withWordIndex,
  type DirectoryFilters,
  type DirectorySort,
} from '../../src/server/modules/directory/queries';
import { sponsoredBusinessIds } from '../../src/server/modules/payments';
import { buildTestApp, databaseKinds, wordPrefixes, type TestApp } from './helpers';

const FEATURED_PLAN = 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92';

describe.each(databaseKinds)("the directories' word index (%s)", (kind) => {
  let testApp: TestApp;
  const db = () => testApp.app.db;
  /** A page of the directory as the service reads it, with the businesses sponsored now. */
  const pageOf = async (filters: DirectoryFilters, sort: DirectorySort, number: number, size: number) => {
    const sponsoredIds = filters.accountType === 'business' ? await sponsoredBusinessIds(db()) : [];
    const rows = await listDirectory(db(), filters, sort, { number, size, sponsoredIds });
    return rows.map((row) => ({ ...row, sponsored: sponsoredIds.includes(row.userId) }));
  };

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    await seedProviders(db(), { count: 240 });
    // One business in four pays for the Featured plan: sponsored, listed first.
    await db().execute(
      sql.raw(`INSERT INTO subscriptions (business_id, plan_id, plan_slug, interval, status, current_period_end,
                 provider, provider_subscription_id)
               SELECT p.user_id, '${FEATURED_PLAN}', 'featured', 'month', 'active', now() + interval '20 days',
                      'sandbox', 'sub_words_' || p.user_id
                 FROM profiles p
                WHERE p.account_type = 'business' AND p.listed_at IS NOT NULL AND get_byte(uuid_send(p.user_id), 0) < 64`),
    );
  }, 120_000);
  afterAll(() => testApp.close());

  /**
   * Each profile with a word under the prefix (of one profile, or all): its one-word search rank
   * as the directories read it from the index (migration 0026), beside `ts_rank` of its vector.
   */
  const kept = async (prefix: string, userId?: string) => {
    const result = await db().execute(sql`
      SELECT count(*)::int AS matches, coalesce(sum((kept.entries > 1)::int), 0)::int AS several,
             coalesce(sum((kept.rank <> ts_rank(p.search_vector, (quote_literal(${prefix}::text) || ':*')::tsquery))::int), 0)::int AS differ
        FROM (SELECT user_id, count(*) AS entries, max(coalesce(run_ranks[char_length(${prefix}::text)], rank_one)) AS rank
                FROM profile_words
               WHERE starts_with(lexeme, ${prefix}::text) ${userId ? sql`AND user_id = ${userId}` : sql``}
               GROUP BY user_id) AS kept
        JOIN profiles p ON p.user_id = kept.user_id`);
    return (result as unknown as { rows: { matches: number; several: number; differ: number }[] }).rows[0]!;
  };

  it("ranks a one-word search's matches as ts_rank does, to the last bit, from the ranks the index keeps", async () => {
    let several = 0;
    // Broad prefixes (many lexemes of a profile under them), stems with variants, whole words.
    for (const prefix of ['a', 'c', 'd', 'de', 'm', 're', 's', 'fin', 'financ', 'data', 'dashboard', 'netsuit']) {
      const ranks = await kept(prefix);
      expect(ranks.matches, prefix).toBeGreaterThan(0);
      expect(ranks.differ, prefix).toBe(0);
      several += ranks.several;
    }
    // Many profiles had several entries under a prefix, whose ranks are added.
    expect(several).toBeGreaterThan(200);
  });

  it('answers counts and pages from the word index, by range or lexeme by lexeme, exactly as from the text index', async () => {
    const cases: { q: string; minRateUsd?: number; maxRateUsd?: number }[] = [
      { q: 'netsuite' },
      { q: 'power bi' },
      { q: 'finance' },
      { q: 'data' },
      { q: 'shop' },
      // One word whose prefix covers several lexemes of a profile: ranked from its entries.
      { q: 'fin' },
      { q: 'web design' },
      { q: 'analytics', minRateUsd: 50, maxRateUsd: 150 },
    ];
    const sorts: DirectorySort[] = ['relevance', 'rating', 'newest', 'rate-low', 'rate-high'];
    let compared = 0;
    for (const accountType of ['freelancer', 'business'] as const) {
      for (const { q, ...rates } of cases) {
        const filters: DirectoryFilters = { accountType, words: searchWords(q), ...rates };
        const merged = await withWordIndex(db(), filters);
        // The statement that finds the lexemes reads the prefixes as stemming the words alone does.
        const prefixes = await wordPrefixes(db(), filters.words);
        expect(prefixes, q).not.toBeNull();
        expect(merged.prefixes, q).toEqual(prefixes);
        expect(merged.lexemes?.length, q).toBeGreaterThan(0);
        const indexed = { ...filters, prefixes: prefixes! };
        const label = `${accountType} ${JSON.stringify({ q, ...rates })}`;
        const total = await countDirectory(db(), filters);
        expect(await countDirectory(db(), indexed), label).toBe(total);
        expect(await countDirectory(db(), merged), label).toBe(total);
        for (const sort of sorts) {
          // Pages of seven: the sponsored businesses end inside the first pages, and page 3
          // starts past them, where the count of sponsored matches decides the offset.
          for (const page of [1, 2, 3]) {
            const cards = async (f: DirectoryFilters) =>
              (await pageOf(f, sort, page, 7)).map((row) => `${row.userId}${row.sponsored ? '*' : ''}`);
            const expected = await cards(filters);
            expect(await cards(indexed), `${label} ${sort} page ${page}`).toEqual(expected);
            expect(await cards(merged), `${label} ${sort} page ${page}, merged`).toEqual(expected);
          }
        }
        compared += total;
      }
    }
    // The cases found providers, sponsored ones among them, so the comparisons compared something.
    expect(compared).toBeGreaterThan(100);
    const sponsored = await pageOf({ accountType: 'business', words: ['data'] }, 'relevance', 1, 7);
    expect(sponsored.some((row) => row.sponsored)).toBe(true);
  });

  it("reads a word's first lexeme only as far as the page in rank order, and still ranks every page exactly", async () => {
    // Made-up words the stemmer keeps, all under `zorbl`, repeated a few times so the ranks differ.
    // Freelancers: the first lexeme alone, a later one alone (ranked above the next group's rows
    // of it), and several whose ranks are added (ranked first): a page that cut a later lexeme
    // would miss those. Businesses: the first lexeme alone ranks first, so each page's profiles
    // are its rows in rank order: a page that read one row too few of it would miss one.
    const times = (word: string, count: number) => Array.from({ length: count }, () => word).join(' ');
    const texts = (accountType: 'freelancer' | 'business', at: number) =>
      accountType === 'freelancer'
        ? [times('zorbl', 3 + (at % 4)), times('zorblax', 2 + (at % 2)), `zorbl zorblax ${times('zorblix', at % 2)}`][
            at % 3
          ]!
        : [times('zorbl', 3 + (at % 4)), times('zorblax', 1 + (at % 2))][at % 2]!;
    let compared = 0;
    for (const accountType of ['freelancer', 'business'] as const) {
      const chosen = await db()
        .select({ userId: profiles.userId, searchText: profiles.searchText })
        .from(profiles)
        .where(sql`${profiles.accountType} = ${accountType} AND ${profiles.listedAt} IS NOT NULL`)
        .orderBy(profiles.userId)
        .limit(36);
      const write = (at: number, searchText: string) =>
        db().update(profiles).set({ searchText }).where(eq(profiles.userId, chosen[at]!.userId));
      for (const at of chosen.keys()) await write(at, texts(accountType, at));
      // The profiles get their words back afterwards: the other cases read the seeded ones.
      onTestFinished(async () => {
        for (const [at, { searchText }] of chosen.entries()) await write(at, searchText);
      });
      const filters: DirectoryFilters = { accountType, words: ['zorbl'] };
      const merged = await withWordIndex(db(), filters);
      expect(merged.lexemes?.map((found) => found.lexeme)).toEqual(
        accountType === 'freelancer' ? ['zorbl', 'zorblax', 'zorblix'] : ['zorbl', 'zorblax'],
      );
      expect(await countDirectory(db(), merged)).toBe(await countDirectory(db(), filters));
      for (const size of [2, 5]) {
        for (let page = 1; page <= 36 / size; page++) {
          const cards = async (f: DirectoryFilters) =>
            (await pageOf(f, 'relevance', page, size)).map((row) => `${row.userId}${row.sponsored ? '*' : ''}`);
          const expected = await cards(filters);
          expect(await cards(merged), `${accountType} size ${size} page ${page}`).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('finds the lexemes under each prefix, reads a broad prefix as a range, and answers nothing when a word has none', async () => {
    const indexed = (q: string) => withWordIndex(db(), { accountType: 'freelancer', words: searchWords(q) });
    const fin = await indexed('fin');
    expect(fin.prefixes).toEqual(['fin']);
    const lexemes = fin.lexemes!.map((found) => found.lexeme);
    // Every lexeme the index holds under the prefix, each once and in byte order.
    const held = await db()
      .selectDistinct({ lexeme: profileWords.lexeme })
      .from(profileWords)
      .where(sql`${profileWords.accountType} = 'freelancer' AND starts_with(${profileWords.lexeme}, 'fin')`);
    expect(lexemes.length).toBeGreaterThan(1);
    expect(new Set(lexemes)).toEqual(new Set(held.map((row) => row.lexeme)));
    expect(lexemes).toEqual([...lexemes].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)));
    expect(fin.lexemes!.every((found) => found.n === 1)).toBe(true);

    // Two words: each lexeme is under its own word's number.
    const two = await indexed('power bi');
    expect(new Set(two.lexemes!.map((found) => found.n))).toEqual(new Set([1, 2]));
    expect(two.lexemes!.filter((found) => found.n === 2).every((found) => found.lexeme.startsWith('bi'))).toBe(true);

    // A prefix covering more lexemes than are read one by one (forty made-up words under `qwk`,
    // five to a profile): the range answers it, as the text index does.
    const letters = 'bcfghjklmn';
    const made = [...letters].flatMap((a) => [...'prvw'].map((b) => `qwk${a}${b}`));
    const chosen = await db()
      .select({ userId: profiles.userId, searchText: profiles.searchText })
      .from(profiles)
      .where(sql`${profiles.accountType} = 'freelancer' AND ${profiles.listedAt} IS NOT NULL`)
      .orderBy(profiles.userId)
      .limit(8);
    const write = (userId: string, searchText: string) =>
      db().update(profiles).set({ searchText }).where(eq(profiles.userId, userId));
    for (const [at, { userId }] of chosen.entries()) await write(userId, made.slice(at * 5, at * 5 + 5).join(' '));
    onTestFinished(async () => {
      for (const { userId, searchText } of chosen) await write(userId, searchText);
    });
    const broad = await indexed('qwk');
    expect(broad.prefixes).toEqual(['qwk']);
    expect(broad.lexemes).toBeUndefined();
    expect(await countDirectory(db(), broad)).toBe(8);
    expect((await pageOf(broad, 'relevance', 1, 5)).map((row) => row.userId)).toEqual(
      (await pageOf({ ...broad, prefixes: undefined }, 'relevance', 1, 5)).map((row) => row.userId),
    );
    expect(await countDirectory(db(), broad)).toBe(await countDirectory(db(), { ...broad, prefixes: undefined }));

    // A word no profile has: nothing matches, whatever the other word finds.
    const none = await indexed('finance zebracornish');
    expect(none.lexemes!.some((found) => found.n === 1)).toBe(true);
    expect(await countDirectory(db(), none)).toBe(0);
    expect(await pageOf(none, 'relevance', 1, 20)).toEqual([]);

    // Stop words alone are no query of prefixes (the text index answers them); with another
    // word, they drop out of it as they do in the text search.
    expect(await indexed('the')).toEqual({ accountType: 'freelancer', words: ['the'] });
    expect((await indexed('the finance')).prefixes).toEqual(['financ']);
    // A filter the word index does not carry: the text index answers, so nothing is looked up.
    const narrowed: DirectoryFilters = { accountType: 'freelancer', words: ['finance'], country: 'US' };
    expect(await withWordIndex(db(), narrowed)).toEqual(narrowed);
  });

  it('keeps the word index in step with the profiles: new words, a new rating, unlisted, deleted', async () => {
    const [listed] = await db()
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.accountType, 'freelancer'))
      .limit(1);
    const userId = listed!.userId;
    const wordsOf = async () =>
      (await db().select().from(profileWords).where(eq(profileWords.userId, userId))).sort((a, b) =>
        a.lexeme < b.lexeme ? -1 : 1,
      );
    const before = await wordsOf();
    expect(before.length).toBeGreaterThan(3);

    await db()
      .update(profiles)
      .set({ searchText: 'Zebracorn wrangling and zebracorn grooming' })
      .where(eq(profiles.userId, userId));
    expect((await wordsOf()).map((row) => row.entry)).toEqual(["'groom':5D", "'wrangl':2D", "'zebracorn':1D,4D"]);
    // No lexeme shares a first letter with the one before it: no ranks beside each entry's own.
    expect((await wordsOf()).map((row) => row.runRanks)).toEqual([null, null, null]);
    const found = await pageOf(
      { accountType: 'freelancer', words: ['zebracorns'], prefixes: ['zebracorn'] },
      'relevance',
      1,
      20,
    );
    expect(found.map((row) => row.userId)).toEqual([userId]);

    // Words sharing their first letters, some of more than one byte: each prefix's rank is ts_rank's.
    await db()
      .update(profiles)
      .set({ searchText: 'Finance, financial financing; Zürich zürcher, Ärger ärgerlich, 財務 財務報告 zebracorn' })
      .where(eq(profiles.userId, userId));
    const shared = await wordsOf();
    expect(shared.filter((row) => row.runRanks !== null).length).toBeGreaterThan(2);
    // Each row keeps how many characters it shares with the lexeme before it: as many as its ranks.
    expect(shared.map((row) => row.sharedChars)).toEqual(shared.map((row) => row.runRanks?.length ?? 0));
    for (const prefix of [
      'f',
      'fin',
      'financ',
      'financi',
      'z',
      'zü',
      'zürich',
      'ä',
      'ärger',
      '財',
      '財務',
      'zebracorn',
    ]) {
      const ranks = await kept(prefix, userId);
      expect(ranks.matches, prefix).toBe(1);
      expect(ranks.differ, prefix).toBe(0);
    }

    await db().update(profiles).set({ ratingAverage: 4.5, reviewCount: 2 }).where(eq(profiles.userId, userId));
    expect(new Set((await wordsOf()).map((row) => `${row.ratingAverage}/${row.reviewCount}`))).toEqual(
      new Set(['4.5/2']),
    );

    await db().update(profiles).set({ listedAt: null }).where(eq(profiles.userId, userId));
    expect(await wordsOf()).toEqual([]);
    const listedAt = new Date();
    await db().update(profiles).set({ listedAt }).where(eq(profiles.userId, userId));
    expect((await wordsOf()).map((row) => row.listedAt.getTime())).toEqual(shared.map(() => listedAt.getTime()));

    await db().delete(users).where(eq(users.id, userId));
    expect(await wordsOf()).toEqual([]);
  });
});

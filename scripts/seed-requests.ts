/**
 * Generates public service requests for load tests and benchmarks: varied titles, families,
 * budgets, durations and posting dates, written in batches by PostgreSQL itself.
 *
 *   tsx scripts/seed-requests.ts 100000            # into DATABASE_URL, or the embedded database in DATA_DIR
 *
 * Rows get the same job-board columns the server derives at posting; their answers hold the
 * fields the board reads, not a whole form. Never run it against production data.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/database';

/** Subjects per family and form, with the tool names a provider would search for. */
const TEMPLATES: [family: string, subFamily: string | null, formId: string, subject: string, tools: string][] = [
  [
    'web-design-and-development',
    null,
    'requests/web-design-and-development',
    'Shopify store redesign',
    'Shopify Figma',
  ],
  [
    'web-design-and-development',
    null,
    'requests/web-design-and-development',
    'WordPress site rebuild',
    'WordPress PHP',
  ],
  [
    'web-design-and-development',
    null,
    'requests/web-design-and-development',
    'React customer portal',
    'React TypeScript',
  ],
  [
    'web-design-and-development',
    null,
    'requests/web-design-and-development',
    'Landing page and booking form',
    'Webflow',
  ],
  ['mobile-app', null, 'requests/mobile-app', 'iOS and Android booking app', 'Flutter Firebase'],
  ['mobile-app', null, 'requests/mobile-app', 'Food delivery app', 'React Native Stripe'],
  ['mobile-app', null, 'requests/mobile-app', 'Loyalty card app', 'Swift Kotlin'],
  [
    'data-and-analytics',
    'business',
    'requests/data-and-analytics-business',
    'Power BI sales dashboards',
    'Power BI SQL Server',
  ],
  [
    'data-and-analytics',
    'business',
    'requests/data-and-analytics-business',
    'Tableau inventory reporting',
    'Tableau Snowflake',
  ],
  [
    'data-and-analytics',
    'business',
    'requests/data-and-analytics-business',
    'Customer churn analysis',
    'Python dbt BigQuery',
  ],
  ['data-and-analytics', 'personal', 'requests/data-and-analytics-personal', 'Thesis survey statistics', 'R SPSS'],
  ['software-development', null, 'requests/software-development', 'Warehouse management API', 'Node.js PostgreSQL'],
  ['software-development', null, 'requests/software-development', 'Legacy system migration', 'Java Spring AWS'],
  ['software-development', null, 'requests/software-development', 'Scheduling SaaS backend', 'Go Kubernetes'],
  [
    'finance-transformation',
    'fp-and-a-revolution',
    'requests/finance-transformation-fp-and-a-revolution',
    'Rolling forecast model',
    'Anaplan Excel',
  ],
  [
    'finance-transformation',
    'system-administration',
    'requests/finance-transformation-system-administration',
    'NetSuite month-end close automation',
    'NetSuite',
  ],
  [
    'finance-transformation',
    'enterprise',
    'requests/finance-transformation-enterprise',
    'ERP selection and rollout',
    'SAP S/4HANA',
  ],
  [
    'machine-learning-and-ai',
    null,
    'requests/machine-learning-and-ai',
    'Demand forecasting model',
    'PyTorch scikit-learn',
  ],
  [
    'machine-learning-and-ai',
    null,
    'requests/machine-learning-and-ai',
    'Support chatbot on our documents',
    'OpenAI LangChain',
  ],
  ['machine-learning-and-ai', null, 'requests/machine-learning-and-ai', 'Invoice data extraction', 'TensorFlow OCR'],
];

const CLIENTS_FOR = [
  'a wholesale distributor',
  'a dental clinic',
  'a coffee chain',
  'a logistics startup',
  'a city council',
  'a fitness studio',
  'a law firm',
  'an online bookshop',
  'a hotel group',
  'a solar installer',
  'a charity',
  'a university lab',
];
const DURATIONS = [
  'less-than-one-week',
  'one-to-four-weeks',
  'one-to-three-months',
  'three-to-six-months',
  'more-than-six-months',
  'ongoing',
];
const PAYMENTS = ['fixed-price', 'hourly', 'milestones', 'retainer', 'not-sure'];
const HIRING = ['ready-to-hire', 'within-two-weeks', 'within-a-month'];
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR'];
const USD_PER_UNIT: Record<string, number> = {
  USD: 1,
  EUR: 1 / 0.92,
  GBP: 1 / 0.79,
  CAD: 1 / 1.37,
  AUD: 1 / 1.52,
  INR: 1 / 83.5,
};

/** A number from this file, written into the statement (PostgreSQL cannot type a bare parameter here). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * An independent pseudo-random choice among `count` for each generated row: every field hashes
 * the row number with its own salt, so budgets, durations and templates do not line up.
 */
const pick = (salt: number, count: number) => sql.raw(`((hashint4(g + ${salt * 1_000_003}) & 2147483647) % ${count})`);

const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;

export interface SeedOptions {
  count: number;
  /** Client accounts the requests are spread over. */
  clients?: number;
  batch?: number;
  onProgress?: (done: number) => void;
}

/** Adds `count` requests (and the client accounts they need), then vacuums and analyzes their tables. */
export async function seedRequests(db: Database, options: SeedOptions): Promise<void> {
  const clients = options.clients ?? Math.max(10, Math.min(5000, Math.round(options.count / 20)));
  const batch = options.batch ?? 50_000;
  const tag = Date.now().toString(36);
  await db.execute(sql`
    INSERT INTO users (account_type, email, firstname, lastname, email_verified_at, created_at)
    SELECT 'client', 'seed.' || ${tag} || '.' || i || '@example.com', 'Seed', 'Client ' || i, now(),
           now() - (random() * interval '700 days')
      FROM generate_series(1, ${int(clients)}) AS i`);
  const clientIds = sql`(SELECT array_agg(id) FROM users WHERE email LIKE ${`seed.${tag}.%`})`;
  const t = TEMPLATES;
  for (let done = 0; done < options.count; done += batch) {
    const size = Math.min(batch, options.count - done);
    await db.execute(sql`
      WITH ids AS (SELECT ${clientIds} AS clients),
      templates AS (
        SELECT * FROM unnest(${textArray(t.map((x) => x[0]))}, ${textArray(t.map((x) => x[1] ?? ''))},
                             ${textArray(t.map((x) => x[2]))}, ${textArray(t.map((x) => x[3]))}, ${textArray(t.map((x) => x[4]))})
                 WITH ORDINALITY AS tpl(family, sub_family, form_id, subject, tools, n)
      ),
      rows AS (
        SELECT g AS i, tpl.*,
               (${textArray(CLIENTS_FOR)})[1 + ${pick(1, CLIENTS_FOR.length)}] AS for_whom,
               (${textArray(DURATIONS)})[1 + ${pick(2, DURATIONS.length)}] AS duration,
               (${textArray(PAYMENTS)})[1 + ${pick(3, PAYMENTS.length)}] AS payment,
               (${textArray(HIRING)})[1 + ${pick(4, HIRING.length)}] AS hiring,
               (${textArray(CURRENCIES)})[1 + ${pick(5, CURRENCIES.length)}] AS currency,
               CASE ${pick(6, 10)} WHEN 0 THEN 'not-sure' WHEN 1 THEN 'hourly' WHEN 2 THEN 'hourly' ELSE 'fixed' END AS budget_type,
               (500 + (g::bigint * 7919) % 60000)::double precision AS low,
               now() - (random() * interval '45 days') AS created
          FROM generate_series(${int(done + 1)}, ${int(done + size)}) AS g
          JOIN templates tpl ON tpl.n = 1 + g % ${int(t.length)}
      ),
      priced AS (
        SELECT r.*,
               CASE WHEN budget_type = 'hourly' THEN 20 + low::int % 130 ELSE low END AS min_amount,
               CASE WHEN budget_type = 'hourly' THEN 40 + low::int % 130 ELSE low * 2 END AS max_amount
          FROM rows r
      )
      INSERT INTO service_requests (ref_id, client_id, family, sub_family, form_id, title, slug, summary, answers,
                                    status, created_at, updated_at, closes_at, budget_type, budget_currency,
                                    budget_usd_low, budget_usd_high, project_duration, payment_type, hiring_decision,
                                    search_text)
      SELECT 'VR-' || upper(substr(md5(${tag} || i), 1, 8)),
             (SELECT clients[1 + i % array_length(clients, 1)] FROM ids),
             family, nullif(sub_family, ''), form_id,
             subject || ' for ' || for_whom,
             lower(regexp_replace(subject || ' for ' || for_whom, '[^a-zA-Z0-9]+', '-', 'g')),
             subject || ' with ' || replace(tools, ' ', ', ') || '.',
             jsonb_build_object(
               'description', subject || ' for ' || for_whom || '. We would like to start soon and have a clear brief.',
               'budget', CASE WHEN budget_type = 'not-sure' THEN jsonb_build_object('type', 'not-sure', 'currency', currency)
                              ELSE jsonb_build_object('type', budget_type, 'min', min_amount, 'max', max_amount, 'currency', currency) END,
               'projectDuration', duration, 'paymentType', payment, 'hiringDecision', hiring),
             -- As the server's lifecycle leaves them: past 30 days an unawarded request has expired.
             CASE WHEN i % 9 = 0 THEN 'awarded' WHEN created < now() - interval '30 days' THEN 'expired'
                  WHEN i % 13 = 0 THEN 'in-review' ELSE 'open' END,
             created, created,
             CASE WHEN i % 9 = 0 OR created < now() - interval '30 days' THEN NULL ELSE created + interval '30 days' END,
             budget_type, currency,
             CASE WHEN budget_type = 'not-sure' THEN NULL ELSE min_amount * (${sql.raw(currencyCase())}) END,
             CASE WHEN budget_type = 'not-sure' THEN NULL ELSE max_amount * (${sql.raw(currencyCase())}) END,
             duration, payment, hiring,
             initcap(replace(family, '-', ' ')) || ' ' || tools
        FROM priced
      ON CONFLICT (ref_id) DO NOTHING`);
    options.onProgress?.(done + size);
  }
  // As autovacuum soon leaves them: the planner's statistics, and visibility maps for index-only scans.
  await db.execute(sql`VACUUM (ANALYZE) service_requests`);
  await db.execute(sql`VACUUM (ANALYZE) service_request_words`);
  await db.execute(sql`VACUUM (ANALYZE) users`);
}

function currencyCase(): string {
  const branches = Object.entries(USD_PER_UNIT).map(([code, rate]) => `WHEN '${code}' THEN ${rate}`);
  return `CASE currency ${branches.join(' ')} END`;
}

// As a command: `tsx scripts/seed-requests.ts <count>`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) {
    console.error('usage: tsx scripts/seed-requests.ts <count>');
    process.exit(1);
  }
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/database');
  const handle = await openDatabase(loadConfig());
  await handle.migrate();
  const started = Date.now();
  await seedRequests(handle.db, {
    count,
    onProgress: (done) => console.log(`${done} requests (${((Date.now() - started) / 1000).toFixed(1)} s)`),
  });
  await handle.close();
}

/**
 * Generates listed providers for load tests and benchmarks: verified freelancers and businesses
 * (about 60/40) with complete directory cards, written in batches by PostgreSQL itself.
 *
 *   tsx scripts/seed-providers.ts 100000           # into DATABASE_URL, or the embedded database in DATA_DIR
 *
 * Each provider gets its account, a profile with the sections the directory cards read, the
 * directory columns the server derives at listing, a primary service (and often another one)
 * and, for a business, its headquarters. Services and places come from the catalogue tables;
 * bands from the business lookups. Never run it against production data.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/database';
import { catalogueCountryStates, catalogueServiceFamilies, catalogueServiceSubFamilies } from '../src/server/db/schema';
import { AVERAGE_HOURLY_RATES, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES } from '../src/server/modules/business/lookups';
import { USD_RATES } from '../src/server/lib/money';

/** What a provider offers, as a headline, with the tools a client would search for. */
const TEMPLATES: [family: string, subFamily: string | null, headline: string, tools: string][] = [
  ['finance-transformation', 'system-administration', 'NetSuite administration and month-end close', 'NetSuite'],
  ['finance-transformation', 'digital-transformation', 'Finance automation around NetSuite', 'NetSuite UiPath'],
  ['finance-transformation', 'fp-and-a-revolution', 'Rolling forecasts and driver-based planning', 'Anaplan Excel'],
  ['finance-transformation', 'fp-and-a-revolution', 'Budgeting and scenario models', 'Adaptive Planning'],
  ['finance-transformation', 'enterprise', 'ERP selection and SAP S/4HANA rollouts', 'SAP Oracle'],
  [
    'finance-transformation',
    'financial-reporting-and-advanced-analytics',
    'Board packs and consolidation reporting',
    'Power BI Excel',
  ],
  ['finance-transformation', null, 'Interim controllers and finance process reviews', 'QuickBooks Xero'],
  ['data-and-analytics', 'business', 'Power BI dashboards for sales and operations', 'Power BI SQL Server'],
  ['data-and-analytics', 'business', 'Snowflake warehouses and dbt pipelines', 'Snowflake dbt'],
  ['data-and-analytics', 'business', 'Tableau reporting for retail teams', 'Tableau'],
  ['data-and-analytics', 'business', 'Looker and BigQuery analytics', 'Looker BigQuery'],
  ['data-and-analytics', 'business', 'Customer churn and cohort analysis', 'Python pandas'],
  ['data-and-analytics', 'personal', 'Thesis statistics and survey analysis', 'R SPSS'],
  ['web-design-and-development', null, 'Shopify stores that convert', 'Shopify Figma'],
  ['web-design-and-development', null, 'WordPress sites for small businesses', 'WordPress PHP'],
  ['web-design-and-development', null, 'React and Next.js web applications', 'React Next.js TypeScript'],
  ['web-design-and-development', null, 'Webflow marketing sites', 'Webflow Figma'],
  ['web-design-and-development', null, 'WooCommerce and Magento online shops', 'WooCommerce Magento'],
  ['mobile-app', null, 'Cross-platform apps in Flutter', 'Flutter Firebase'],
  ['mobile-app', null, 'React Native apps for startups', 'React Native Expo'],
  ['mobile-app', null, 'Native iOS apps in Swift', 'Swift SwiftUI'],
  ['mobile-app', null, 'Android apps in Kotlin', 'Kotlin Jetpack Compose'],
  ['software-development', null, 'Node.js APIs and integrations', 'Node.js PostgreSQL'],
  ['software-development', null, 'Java and Spring Boot back ends', 'Java Spring AWS'],
  ['software-development', null, 'Cloud migrations to AWS and Azure', 'AWS Azure Terraform'],
  ['software-development', null, 'Go microservices on Kubernetes', 'Go Kubernetes'],
  ['software-development', null, 'Salesforce and HubSpot integrations', 'Salesforce HubSpot'],
  ['software-development', null, '.NET line-of-business software', 'C# .NET Azure'],
  ['machine-learning-and-ai', null, 'Demand forecasting with machine learning', 'Python scikit-learn'],
  ['machine-learning-and-ai', null, 'Chatbots and assistants on your documents', 'OpenAI LangChain'],
  ['machine-learning-and-ai', null, 'Computer vision for quality control', 'PyTorch OpenCV'],
  ['machine-learning-and-ai', null, 'Document extraction and OCR pipelines', 'TensorFlow Tesseract'],
  ['machine-learning-and-ai', null, 'MLOps on Databricks', 'Databricks MLflow'],
];

/** Cities with their ISO 3166-2 subdivision and the currency a freelancer there charges in. */
const PLACES: [country: string, state: string, city: string, currency: string][] = [
  ['US', 'CA', 'San Francisco', 'USD'],
  ['US', 'CA', 'Los Angeles', 'USD'],
  ['US', 'NY', 'New York', 'USD'],
  ['US', 'TX', 'Austin', 'USD'],
  ['US', 'TX', 'Dallas', 'USD'],
  ['US', 'WA', 'Seattle', 'USD'],
  ['US', 'IL', 'Chicago', 'USD'],
  ['US', 'MA', 'Boston', 'USD'],
  ['US', 'FL', 'Miami', 'USD'],
  ['US', 'GA', 'Atlanta', 'USD'],
  ['US', 'CO', 'Denver', 'USD'],
  ['CA', 'ON', 'Toronto', 'CAD'],
  ['CA', 'BC', 'Vancouver', 'CAD'],
  ['CA', 'QC', 'Montreal', 'CAD'],
  ['CA', 'AB', 'Calgary', 'CAD'],
  ['GB', 'ENG', 'London', 'GBP'],
  ['GB', 'ENG', 'Manchester', 'GBP'],
  ['GB', 'SCT', 'Edinburgh', 'GBP'],
  ['GB', 'WLS', 'Cardiff', 'GBP'],
  ['IN', 'KA', 'Bengaluru', 'INR'],
  ['IN', 'MH', 'Mumbai', 'INR'],
  ['IN', 'TS', 'Hyderabad', 'INR'],
  ['IN', 'DL', 'New Delhi', 'INR'],
  ['IN', 'TN', 'Chennai', 'INR'],
  ['AU', 'NSW', 'Sydney', 'AUD'],
  ['AU', 'VIC', 'Melbourne', 'AUD'],
  ['AU', 'QLD', 'Brisbane', 'AUD'],
  ['DE', 'BE', 'Berlin', 'EUR'],
  ['DE', 'BY', 'Munich', 'EUR'],
  ['DE', 'HH', 'Hamburg', 'EUR'],
];

const FIRST_NAMES = [
  'Maya',
  'Liam',
  'Aisha',
  'Noah',
  'Priya',
  'Lucas',
  'Sofia',
  'Ethan',
  'Chloe',
  'Mateo',
  'Hannah',
  'Arjun',
  'Zara',
  'Oliver',
  'Mei',
  'Daniel',
  'Leila',
  'Samuel',
  'Nora',
  'Kenji',
  'Amara',
  'Jonas',
  'Elena',
  'Ravi',
  'Grace',
  'Felix',
  'Ines',
  'Tomas',
  'Yara',
  'Owen',
];
const LAST_NAMES = [
  'Okafor',
  'Nguyen',
  'Patel',
  'Schmidt',
  'Garcia',
  'Kowalski',
  'Haddad',
  'Silva',
  'Murphy',
  'Tanaka',
  'Rossi',
  'Andersson',
  'Mensah',
  'Dubois',
  'Kaur',
  'Novak',
  'Fischer',
  'Reyes',
  'Campbell',
  'Ibrahim',
  'Larsen',
  'Moreau',
  'Sato',
  'Walsh',
  'Costa',
  'Bianchi',
  'Hughes',
  'Sharma',
  'Bergstrom',
  'Adeyemi',
];
const COMPANY_WORDS = [
  'Northwind',
  'Bluepeak',
  'Ironbridge',
  'Cedar',
  'Harbor',
  'Summit',
  'Brightline',
  'Quarry',
  'Lumen',
  'Copperleaf',
  'Redwood',
  'Silverline',
  'Granite',
  'Meridian',
  'Oakridge',
  'Pinecrest',
  'Riverstone',
  'Skyward',
  'Tidewater',
  'Evergreen',
  'Foxglove',
  'Kestrel',
  'Larkspur',
  'Mosaic',
];
const COMPANY_KINDS = [
  'Analytics',
  'Consulting',
  'Digital',
  'Labs',
  'Partners',
  'Systems',
  'Solutions',
  'Studio',
  'Advisory',
  'Works',
  'Data',
  'Technologies',
];
const AUDIENCES = [
  'SaaS finance teams',
  'retailers',
  'manufacturers',
  'early-stage startups',
  'nonprofits',
  'healthcare providers',
  'logistics companies',
  'hotel groups',
  'law firms',
  'e-commerce brands',
  'universities',
  'property managers',
];
const TAGLINES = [
  'Close faster, plan with confidence.',
  'Clear numbers, better decisions.',
  'From idea to launch in weeks.',
  'Senior work without the agency overhead.',
  'Reliable delivery, plain communication.',
  'Ten years of shipping for growing teams.',
  'Data you can trust every Monday morning.',
  'Small budgets welcome, big results expected.',
];
const CURRENCIES = [...new Set(PLACES.map((place) => place[3]))];

/** A number from this file, written into the statement (PostgreSQL cannot type a bare parameter here). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * An independent pseudo-random choice among `count` for each generated row: every field hashes
 * the row number with its own salt, so names, places and services do not line up.
 */
const pick = (salt: number, count: number) => sql.raw(`((hashint4(g + ${salt * 1_000_003}) & 2147483647) % ${count})`);

const textArray = (values: (string | null)[]) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`}::text[]`;
const intArray = (values: (number | null)[]) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`}::int[]`;

export interface SeedProvidersOptions {
  count: number;
  batch?: number;
  onProgress?: (done: number) => void;
}

/** The catalogue's services and the places of PLACES it knows, with their labels. */
async function catalogue(db: Database) {
  const families = await db
    .select({ slug: catalogueServiceFamilies.slug, name: catalogueServiceFamilies.name })
    .from(catalogueServiceFamilies)
    .orderBy(asc(catalogueServiceFamilies.position));
  const subs = await db
    .select({
      slug: sql<string>`${catalogueServiceFamilies.slug} || '/' || ${catalogueServiceSubFamilies.slug}`,
      name: catalogueServiceSubFamilies.name,
    })
    .from(catalogueServiceSubFamilies)
    .innerJoin(catalogueServiceFamilies, eq(catalogueServiceFamilies.id, catalogueServiceSubFamilies.familyId));
  const states = new Set(
    (
      await db
        .select({ code: sql<string>`${catalogueCountryStates.countryCode} || '-' || ${catalogueCountryStates.code}` })
        .from(catalogueCountryStates)
    ).map((row) => row.code),
  );
  const labels = new Map([...families, ...subs].map((row) => [row.slug, row.name]));
  const templates = TEMPLATES.filter(
    ([family, sub]) => labels.has(family) && (sub === null || labels.has(`${family}/${sub}`)),
  );
  const places = PLACES.filter(([country, state]) => states.has(`${country}-${state}`));
  if (templates.length === 0 || places.length === 0) {
    throw new Error('the catalogue lacks the services or places this script uses: apply the migrations first');
  }
  return { families: families.map((row) => row.slug), labels, templates, places };
}

/** Adds `count` listed providers, then vacuums and analyzes the tables they went into. */
export async function seedProviders(db: Database, options: SeedProvidersOptions): Promise<void> {
  const batch = options.batch ?? 10_000;
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const { families, labels, templates: t, places: p } = await catalogue(db);
  const label = (slug: string | null) => (slug === null ? null : labels.get(slug)!);
  const subSlug = (x: (typeof t)[number]) => (x[1] === null ? null : `${x[0]}/${x[1]}`);
  // New accounts are in no cache: their rows need not notify the cache channel, a million times.
  const cacheTriggers = (action: 'DISABLE' | 'ENABLE') =>
    Promise.all(
      CACHE_TRIGGERS.map(([table, trigger]) =>
        db.execute(sql`ALTER TABLE ${sql.identifier(table)} ${sql.raw(action)} TRIGGER ${sql.identifier(trigger)}`),
      ),
    );
  await cacheTriggers('DISABLE');
  try {
    await insertProviders();
  } finally {
    await cacheTriggers('ENABLE');
  }
  // As autovacuum soon leaves them: the planner's statistics, and visibility maps for index-only scans.
  for (const table of ['users', 'profiles', 'profile_words', 'business_locations', 'provider_services']) {
    await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
  }

  async function insertProviders() {
    for (let done = 0; done < options.count; done += batch) {
      const size = Math.min(batch, options.count - done);
      await db.execute(sql`
      WITH templates AS (
        SELECT * FROM unnest(${textArray(t.map((x) => x[0]))}, ${textArray(t.map(subSlug))},
                             ${textArray(t.map((x) => x[2]))}, ${textArray(t.map((x) => x[3]))},
                             ${textArray(t.map((x) => label(x[0])))}, ${textArray(t.map((x) => label(subSlug(x))))})
                 WITH ORDINALITY AS tpl(family, sub, headline, tools, family_label, sub_label, n)
      ),
      places AS (
        SELECT * FROM unnest(${textArray(p.map((x) => x[0]))}, ${textArray(p.map((x) => x[1]))},
                             ${textArray(p.map((x) => x[2]))}, ${textArray(p.map((x) => x[3]))})
                 WITH ORDINALITY AS pl(country, state, city, currency, n)
      ),
      picked AS (
        SELECT g, md5(${tag} || '.' || g)::uuid AS id,
               CASE WHEN ${pick(1, 10)} < 4 THEN 'business' ELSE 'freelancer' END AS kind,
               1 + ${pick(2, t.length)} AS template,
               1 + ${pick(3, p.length)} AS place,
               (${textArray(families)})[1 + ${pick(4, families.length)}] AS other,
               ${pick(5, 2)} = 0 AS has_other,
               (${textArray(FIRST_NAMES)})[1 + ${pick(6, FIRST_NAMES.length)}] AS firstname,
               (${textArray(LAST_NAMES)})[1 + ${pick(7, LAST_NAMES.length)}] AS lastname,
               (${textArray(COMPANY_WORDS)})[1 + ${pick(8, COMPANY_WORDS.length)}] || ' '
                 || (${textArray(COMPANY_KINDS)})[1 + ${pick(9, COMPANY_KINDS.length)}] AS companyname,
               (${textArray(AUDIENCES)})[1 + ${pick(10, AUDIENCES.length)}] AS audience,
               (${textArray(TAGLINES)})[1 + ${pick(11, TAGLINES.length)}] AS tagline,
               1 + ${pick(12, TOTAL_EMPLOYEES.length)} AS employees,
               1 + ${pick(13, MINIMUM_PROJECT_SIZES.length)} AS project_size,
               1 + ${pick(14, AVERAGE_HOURLY_RATES.length)} AS rate_band,
               15 + ${pick(15, 186)} AS usd_rate,
               CASE WHEN ${pick(16, 10)} < 4 THEN 0 ELSE 1 + ${pick(17, 40)} END AS reviews,
               3 + ${pick(18, 21)} / 10.0 AS rating,
               now() - random() * interval '700 days' AS listed
          FROM generate_series(${int(done + 1)}, ${int(done + size)}) AS g
      ),
      providers AS MATERIALIZED (
        SELECT pk.*, tpl.family, tpl.sub, tpl.headline, tpl.tools, tpl.family_label, tpl.sub_label,
               pl.country, pl.state, pl.city,
               CASE WHEN pk.kind = 'business' THEN pk.companyname ELSE pk.firstname || ' ' || pk.lastname END AS name,
               CASE WHEN pk.has_other AND pk.other <> tpl.family THEN pk.other END AS other_family,
               -- A freelancer charges in the local currency a third of the time, else in US dollars.
               CASE WHEN ${pick(19, 3)} = 0 THEN pl.currency ELSE 'USD' END AS currency,
               pk.listed - random() * interval '30 days' AS created
          FROM picked pk
          JOIN templates tpl ON tpl.n = pk.template
          JOIN places pl ON pl.n = pk.place
      ),
      described AS MATERIALIZED (
        SELECT pr.*,
               round(pr.usd_rate * (${sql.raw(rateCase('pr.currency'))}))::int AS rate_amount,
               pr.headline || ' for ' || pr.audience AS business_tagline,
               pr.name || ' is a team in ' || pr.city || ' working with ' || pr.audience || '. '
                 || pr.headline || ', built with ' || replace(pr.tools, ' ', ', ') || '.' AS description,
               pr.headline || '. I work with ' || pr.audience || ' and use ' || replace(pr.tools, ' ', ', ')
                 || ' every week.' AS about,
               array_remove(ARRAY[pr.family, pr.sub, pr.other_family], NULL) AS slugs,
               array_remove(ARRAY[coalesce(pr.sub, pr.family), pr.other_family], NULL) AS card_services,
               (${textArray(families.map(label))})[array_position(${textArray(families)}, pr.other_family)] AS other_label
          FROM providers pr
      ),
      new_users AS (
        INSERT INTO users (id, account_type, email, firstname, lastname, companyname, company_id,
                           email_verified_at, created_at, updated_at)
        SELECT id, kind, 'seed.' || ${tag} || '.' || g || '@example.com', firstname, lastname,
               CASE WHEN kind = 'business' THEN name END,
               CASE WHEN kind = 'business'
                    THEN lower(regexp_replace(name, '[^a-zA-Z0-9]+', '-', 'g')) || '-' || ${tag} || '-' || g END,
               created, created, listed
          FROM described
      ),
      new_locations AS (
        INSERT INTO business_locations (user_id, country, state, city, is_headquarters, position, created_at, updated_at)
        SELECT id, country, state, city, true, 0, listed, listed FROM described WHERE kind = 'business'
      ),
      new_services AS (
        INSERT INTO provider_services (user_id, family, is_primary, sub_families, position, created_at, updated_at)
        SELECT id, family, true, array_remove(ARRAY[sub], NULL), 0, listed, listed FROM described
        UNION ALL
        SELECT id, other_family, false, '{}', 1, listed, listed FROM described WHERE other_family IS NOT NULL
      )
      INSERT INTO profiles (user_id, account_type, sections, tagline, listed_at, service_slugs, countries, states,
                            total_employees, minimum_project_size, average_hourly_rate, hourly_rate_usd,
                            minimum_project_usd, review_count, rating_average, search_text, updated_at)
      SELECT id, kind,
             CASE WHEN kind = 'business' THEN jsonb_build_object(
                    'businessDetails', jsonb_build_object('savedAt', listed, 'data',
                      jsonb_build_object('tagline', business_tagline, 'description', description)),
                    'businessAbout', jsonb_build_object('savedAt', listed, 'data', jsonb_build_object(
                      'services', to_jsonb(card_services),
                      'totalEmployees', (${textArray(TOTAL_EMPLOYEES.map((b) => b.slug))})[employees],
                      'minimumProjectSize', (${textArray(MINIMUM_PROJECT_SIZES.map((b) => b.slug))})[project_size],
                      'averageHourlyRate', (${textArray(AVERAGE_HOURLY_RATES.map((b) => b.slug))})[rate_band])))
                  ELSE jsonb_build_object(
                    'freelancerAbout', jsonb_build_object('savedAt', listed, 'data', jsonb_build_object(
                      'headline', headline, 'about', about,
                      'hourlyRate', jsonb_build_object('amount', rate_amount, 'currency', currency))),
                    'personalDetails', jsonb_build_object('savedAt', listed, 'data',
                      jsonb_build_object('country', country, 'state', state, 'city', city)))
             END,
             CASE WHEN kind = 'freelancer' THEN tagline END,
             listed, slugs, ARRAY[country], ARRAY[country || '-' || state],
             CASE WHEN kind = 'business' THEN (${textArray(TOTAL_EMPLOYEES.map((b) => b.slug))})[employees] END,
             CASE WHEN kind = 'business' THEN (${textArray(MINIMUM_PROJECT_SIZES.map((b) => b.slug))})[project_size] END,
             CASE WHEN kind = 'business' THEN (${textArray(AVERAGE_HOURLY_RATES.map((b) => b.slug))})[rate_band] END,
             CASE WHEN kind = 'business' THEN (${intArray(AVERAGE_HOURLY_RATES.map((b) => b.minUsd ?? null))})[rate_band]
                  ELSE round(rate_amount / (${sql.raw(rateCase('currency'))}))::int END,
             CASE WHEN kind = 'business' THEN (${intArray(MINIMUM_PROJECT_SIZES.map((b) => b.minUsd ?? null))})[project_size] END,
             reviews, CASE WHEN reviews > 0 THEN rating END,
             -- As the server's listing writes it: name, taglines, description, about, services, city.
             concat_ws(E'\n', name,
                       CASE WHEN kind = 'freelancer' THEN tagline END,
                       CASE WHEN kind = 'business' THEN business_tagline END,
                       CASE WHEN kind = 'business' THEN description END,
                       CASE WHEN kind = 'freelancer' THEN headline END,
                       CASE WHEN kind = 'freelancer' THEN about END,
                       family_label, sub_label, other_label, city),
             listed
        FROM described`);
      options.onProgress?.(done + size);
    }
  }
}

/** The cache triggers (migration 0020) on the tables a provider's rows go into. */
const CACHE_TRIGGERS = [
  ['profiles', 'profiles_cache'],
  ['provider_services', 'provider_services_cache'],
  ['business_locations', 'business_locations_cache'],
] as const;

/** Units of the row's currency per US dollar, from the job board's reference rates. */
function rateCase(column: string): string {
  const branches = CURRENCIES.map((code) => `WHEN '${code}' THEN ${USD_RATES[code] ?? 1}`);
  return `CASE ${column} ${branches.join(' ')} END`;
}

// As a command: `tsx scripts/seed-providers.ts <count>`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) {
    console.error('usage: tsx scripts/seed-providers.ts <count>');
    process.exit(1);
  }
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/database');
  const handle = await openDatabase(loadConfig());
  await handle.migrate();
  const started = Date.now();
  await seedProviders(handle.db, {
    count,
    onProgress: (done) => console.log(`${done} providers (${((Date.now() - started) / 1000).toFixed(1)} s)`),
  });
  await handle.close();
}

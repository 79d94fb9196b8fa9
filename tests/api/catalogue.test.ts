import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/plugins/rate-limits';
import { expectContractResponse } from './contract-responses';
import { buildTestApp, databaseKinds, expectErrorEnvelope, randomAddress, type TestApp } from './helpers';

interface Named {
  name?: string;
  label?: string;
  slug?: string;
  code?: string;
}

describe.each(databaseKinds)('catalogue (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  /** A GET from its own address, so searches here never share a rate-limit window. */
  const get = (url: string, remoteAddress = randomAddress()) =>
    testApp.app.inject({ url: `/api${url}`, remoteAddress });

  async function ok<T = Named[]>(
    operationId: string,
    url: string,
  ): Promise<{ data: T; response: LightMyRequestResponse }> {
    const response = await get(url);
    const body = expectContractResponse(operationId, response, 200) as { data: T };
    return { data: body.data, response };
  }

  const lists: [string, string, string[]][] = [
    ['listBusinessTypes', '/service/business-type/all/', ['startup', 'enterprise', 'non-profit']],
    ['listIndustryTypes', '/service/industry-type/all/', ['financial-services', 'healthcare-and-life-sciences']],
    ['listProjectDurations', '/service/project-duration/all/', ['less-than-one-week', 'ongoing']],
    ['listPaymentTypes', '/service/payment-type/all/', ['fixed-price', 'hourly', 'milestones']],
    ['listHiringDecisions', '/service/hiring-decision/all/', ['ready-to-hire', 'researching']],
    ['listBusinessSizes', '/service/business-size/all/', ['just-me', '11-50']],
    [
      'listMachineLearningExperts',
      '/service/machine-learning-and-ai/expert/all/',
      ['data-scientist', 'mlops-engineer'],
    ],
    ['listWebDesignAndDevelopmentOptions', '/service/web-design-and-development/cms-platform/all/', ['wordpress']],
    ['listMobileAppOptions', '/service/mobile-app/platform/all/', ['ios', 'android', 'cross-platform']],
    ['listDataAndAnalyticsOptions', '/service/data-and-analytics/deliverable/all/', ['dashboard', 'data-pipeline']],
    ['listSoftwareDevelopmentOptions', '/service/software-development/project-stage/all/', ['idea', 'maintenance']],
    ['listFinanceTransformationOptions', '/service/finance-transformation/erp-system/all/', ['netsuite', 'sap-s4hana']],
  ];

  it.each(lists)('%s answers its list, cacheable for an hour', async (operationId, url, slugs) => {
    const { data, response } = await ok(operationId, url);
    expect(data.map((option) => option.slug)).toEqual(expect.arrayContaining(slugs));
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('industries are sorted by label with other last', async () => {
    const { data } = await ok('listIndustryTypes', '/service/industry-type/all/');
    const labels = data.map((option) => option.label!);
    expect(labels.at(-1)).toBe('Other');
    expect(labels.slice(0, -1)).toEqual([...labels.slice(0, -1)].sort((a, b) => a.localeCompare(b)));
  });

  it('every list of every family form has options', async () => {
    const families: Record<string, string[]> = {
      'web-design-and-development': ['website-type', 'page-count', 'features', 'cms-platform', 'design-stage'],
      'mobile-app': ['platform', 'app-type', 'features', 'design-stage'],
      'data-and-analytics': ['analysis-type', 'data-source', 'data-volume', 'deliverable'],
      'software-development': ['software-type', 'project-stage', 'integration', 'deployment'],
      'finance-transformation': ['service-area', 'erp-system', 'company-revenue', 'reporting-standard'],
    };
    for (const [family, names] of Object.entries(families)) {
      for (const list of names) {
        const response = await get(`/service/${family}/${list}/all/`);
        expect(response.statusCode, `${family}/${list}`).toBe(200);
        expect((response.json() as { data: unknown[] }).data.length, `${family}/${list}`).toBeGreaterThan(2);
      }
    }
  });

  it('estimated budgets: contiguous brackets from 0 to an open top', async () => {
    const { data } = await ok<{ min: number; max: number | null; currency: string }[]>(
      'listEstimatedBudgets',
      '/service/estimated-budget/all/',
    );
    expect(data[0]!.min).toBe(0);
    expect(data.at(-1)!.max).toBeNull();
    for (let i = 1; i < data.length; i += 1) expect(data[i]!.min).toBe(data[i - 1]!.max);
  });

  it('currencies: every ISO 4217 tender, USD first, with symbols and minor units', async () => {
    const { data } = await ok<{ code: string; symbol: string; minorUnits: number }[]>(
      'listCurrencies',
      '/service/currency/all/',
    );
    expect(data[0]!.code).toBe('USD');
    expect(data.length).toBeGreaterThan(140);
    const byCode = new Map(data.map((currency) => [currency.code, currency]));
    expect(byCode.get('EUR')).toMatchObject({ symbol: '€', minorUnits: 2 });
    expect(byCode.get('JPY')).toMatchObject({ minorUnits: 0 });
    expect(byCode.get('KWD')).toMatchObject({ minorUnits: 3 });
    expect(byCode.has('XAU')).toBe(false);
  });

  it('tools: a few hundred, sorted by name, and grouped by family in catalogue order', async () => {
    const { data: tools } = await ok<{ name: string; category: { slug: string } }[]>('listTools', '/service/tool/all/');
    expect(tools.length).toBeGreaterThan(300);
    const names = tools.map((tool) => tool.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const { data: groups } = await ok<{ category: { slug: string }; tools: unknown[] }[]>(
      'listToolsByServiceCategory',
      '/service/tools/sortby/service-category/',
    );
    expect(groups.map((group) => group.category.slug)).toEqual([
      'web-design-and-development',
      'mobile-app',
      'data-and-analytics',
      'software-development',
      'finance-transformation',
      'machine-learning-and-ai',
    ]);
    expect(groups.reduce((sum, group) => sum + group.tools.length, 0)).toBe(tools.length);
  });

  it('countries: all of ISO 3166-1 with calling codes; the US has states including California', async () => {
    const { data } = await ok<
      { code: string; hasStates: boolean; subdivisionLabel: string | null; callingCode: string }[]
    >('listCountries', '/account/country/all/');
    expect(data.length).toBe(249);
    const byCode = new Map(data.map((country) => [country.code, country]));
    expect(byCode.get('US')).toMatchObject({ hasStates: true, subdivisionLabel: 'State', callingCode: '+1' });
    expect(byCode.get('GB')).toMatchObject({ hasStates: true, subdivisionLabel: 'Country', callingCode: '+44' });
    expect(byCode.get('AQ')).toMatchObject({ hasStates: false, subdivisionLabel: null });
    // By English reading order, not the database's collation: Åland Islands sits with the A's.
    const codes = data.map((country) => country.code);
    expect(codes.indexOf('AX')).toBeLessThan(codes.indexOf('BS'));
    expect(codes.indexOf('RE')).toBeLessThan(codes.indexOf('RO'));

    const { data: states } = await ok('listCountryStates', '/account/country/US/states/all/');
    expect(states).toContainEqual({ code: 'CA', name: 'California' });
    expect(states.length).toBeGreaterThanOrEqual(51);
    const names = states.map((state) => state.name!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it.each([
    ['CA', 13, { code: 'ON', name: 'Ontario' }],
    ['AU', 8, { code: 'NSW', name: 'New South Wales' }],
    // ISO 3166-2 spells Indian states with their diacritics.
    ['IN', 36, { code: 'MH', name: 'Mahārāshtra' }],
    ['GB', 4, { code: 'SCT', name: 'Scotland' }],
    ['DE', 16, { code: 'BY', name: 'Bayern' }],
    ['NG', 37, { code: 'LA', name: 'Lagos' }],
    ['ZA', 9, { code: 'GP', name: 'Gauteng' }],
  ])('%s has its first-level subdivisions', async (country, count, example) => {
    const { data } = await ok('listCountryStates', `/account/country/${country}/states/all/`);
    expect(data.length).toBe(count);
    expect(data).toContainEqual(example);
  });

  it('states: an empty list for a country without subdivisions, 404 for an unknown one, 400 for a bad code', async () => {
    expect((await ok('listCountryStates', '/account/country/AQ/states/all/')).data).toEqual([]);
    const unknown = await get('/account/country/ZZ/states/all/');
    expectContractResponse('listCountryStates', unknown, 404);
    expect(unknown.json().code).toBe('not_found');
    const bad = await get('/account/country/usa/states/all/');
    expectContractResponse('listCountryStates', bad, 400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'path.id' })]);
  });

  it('languages: ISO 639-1 with native names, by English name', async () => {
    const { data } = await ok<{ code: string; name: string; nativeName: string }[]>(
      'listLanguages',
      '/account/language/all/',
    );
    expect(data.length).toBeGreaterThan(180);
    expect(data).toContainEqual({ code: 'en', name: 'English', nativeName: 'English' });
    expect(data).toContainEqual({ code: 'fr', name: 'French', nativeName: 'Français' });
  });

  const search = async (q: string, limit?: number) => {
    const { data, response } = await ok<{ query: string; items: Named[] }>(
      'searchTools',
      `/service/search/tools/${encodeURIComponent(q)}/${limit ? `?limit=${limit}` : ''}`.replace(/\/(\?|$)/, '$1'),
    );
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    return data;
  };

  it('tool search: prefixes first, typos tolerated, accents and case ignored', async () => {
    expect((await search('reac')).items[0]!.name).toBe('React');
    expect((await search('postgress')).items.map((tool) => tool.name)).toContain('PostgreSQL');
    expect((await search('tablaeu')).items[0]!.name).toBe('Tableau');
    expect((await search('KUBERNETIS')).items[0]!.name).toBe('Kubernetes');
    expect((await search('power b')).items[0]!.name).toBe('Power BI');
    expect((await search('C#')).items[0]!.name).toBe('C#');
    expect((await search('Pändas')).items[0]!.name).toBe('pandas');
    const trimmed = await search('  figma  ');
    expect(trimmed.query).toBe('figma');
    expect(trimmed.items[0]).toMatchObject({ slug: 'figma', category: { slug: 'web-design-and-development' } });
    expect((await search('zzqxj')).items).toEqual([]);
    expect((await search('a', 3)).items).toHaveLength(3);
  });

  it('service search: families and sub-families mixed with tools', async () => {
    const { data } = await ok<{ items: (Named & { kind: string; family?: Named })[] }>(
      'searchServiceTools',
      '/service/search/service-tools/analytics',
    );
    expect(data.items[0]).toEqual({ kind: 'service-family', slug: 'data-and-analytics', name: 'Data and Analytics' });
    expect(data.items).toContainEqual({
      kind: 'service-sub-family',
      slug: 'business',
      name: 'Business Analytics',
      family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
    });
    const machine = await ok<{ items: (Named & { kind: string })[] }>(
      'searchServiceTools',
      '/service/search/service-tools/mach%20lear',
    );
    expect(machine.data.items[0]).toMatchObject({ kind: 'service-family', slug: 'machine-learning-and-ai' });
    const tool = await ok<{ items: (Named & { kind: string })[] }>(
      'searchServiceTools',
      '/service/search/service-tools/netsuit',
    );
    expect(tool.data.items[0]).toMatchObject({
      kind: 'tool',
      slug: 'netsuite',
      category: { slug: 'finance-transformation' },
    });
  });

  it.each([
    ['blank query', '/service/search/tools/%20%20%20', 'searchTools', 'path.q'],
    ['too-long query', `/service/search/tools/${'a'.repeat(101)}`, 'searchTools', 'path.q'],
    ['limit too high', '/service/search/service-tools/react?limit=51', 'searchServiceTools', 'query.limit'],
    ['limit not a number', '/service/search/tools/react?limit=many', 'searchTools', 'query.limit'],
    ['limit beyond double range', '/service/search/tools/react?limit=1e400', 'searchTools', 'query.limit'],
    [
      'limit below double range',
      '/service/search/service-tools/react?limit=-1e400',
      'searchServiceTools',
      'query.limit',
    ],
    ['unknown list', '/service/mobile-app/colours/all/', 'listMobileAppOptions', 'path.list'],
    [
      'list of another family',
      '/service/finance-transformation/platform/all/',
      'listFinanceTransformationOptions',
      'path.list',
    ],
  ])('bad input (%s) is a 400 naming the field', async (_name, url, operationId, field) => {
    const response = await get(url);
    const body = expectContractResponse(operationId, response, 400);
    expectErrorEnvelope(body);
    expect(body.errors?.map((error) => error.field)).toContain(field);
  });

  it('search is rate-limited per IP with Retry-After; other addresses are unaffected', async () => {
    // TEST-NET-3, which randomAddress() never hands out, so no other test has spent from it.
    const address = '203.0.113.7';
    const { points, seconds } = RATE_LIMITS.search;
    for (let i = 0; i < points; i += 1)
      expect((await get('/service/search/tools/react', address)).statusCode).toBe(200);
    const blocked = await get('/service/search/service-tools/react', address);
    const body = expectContractResponse('searchServiceTools', blocked, 429);
    expect(body.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
    expect((await get('/service/search/tools/react', '203.0.113.8')).statusCode).toBe(200);
    // Lists are not searches: the blocked address still reads them.
    expect((await get('/service/tool/all/', address)).statusCode).toBe(200);
  });
});

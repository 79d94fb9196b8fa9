import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  effectiveSort,
  nextSearch,
  parseJobSearch,
  sortOptions,
  withoutFilters,
} from './searchParams';
import { toSearchRequest } from './searchRequest';
import { pageItems } from '@/ui/Pagination';

describe('parseJobSearch', () => {
  it('keeps every valid filter', () => {
    expect(
      parseJobSearch({
        q: '  power bi  ',
        family: 'data-and-analytics',
        subFamily: 'business',
        budgetMin: 5000,
        budgetMax: '20000',
        currency: 'eur',
        projectDuration: 'one-to-three-months',
        paymentType: 'milestones',
        postedWithin: '7d',
        sort: 'budget-high',
        page: 3,
      }),
    ).toEqual({
      q: 'power bi',
      family: 'data-and-analytics',
      subFamily: 'business',
      budgetMin: 5000,
      budgetMax: 20000,
      currency: 'EUR',
      projectDuration: 'one-to-three-months',
      paymentType: 'milestones',
      postedWithin: '7d',
      sort: 'budget-high',
      page: 3,
    });
  });

  it('drops invalid values instead of failing', () => {
    expect(
      parseJobSearch({
        q: '   ',
        family: 'Not A Family',
        subFamily: 'Not A Slug',
        budgetMin: -5,
        budgetMax: 'lots',
        currency: 'dollars',
        projectDuration: '../etc',
        paymentType: 42,
        postedWithin: '2w',
        sort: 'cheapest',
        page: 0,
        extra: 'ignored',
      }),
    ).toEqual({});
    expect(parseJobSearch({ page: 1.5 })).toEqual({});
    expect(parseJobSearch({ page: 1 })).toEqual({});
    expect(parseJobSearch({ q: 'x'.repeat(201) })).toEqual({});
  });

  it('keeps any well-formed family slug, known to the site or not, and drops a malformed one', () => {
    for (const family of ['cybersecurity', 'data-and-analytics', 'no-such-family', 'a', 'web3', 'x'.repeat(80)]) {
      expect(parseJobSearch({ family })).toEqual({ family });
    }
    for (const family of [
      '',
      'Cybersecurity',
      'cyber_security',
      'cyber security',
      'cyber--security',
      '-cyber',
      'cyber-',
      'cyber/security',
      '../etc',
      'x'.repeat(81),
      42,
      null,
      ['cybersecurity'],
    ]) {
      expect(parseJobSearch({ family })).toEqual({});
    }
  });

  it('keeps the sub-family of a new family and drops it when the family changes', () => {
    expect(parseJobSearch({ family: 'cybersecurity', subFamily: 'penetration-testing' })).toEqual({
      family: 'cybersecurity',
      subFamily: 'penetration-testing',
    });
    expect(nextSearch({ family: 'cybersecurity', subFamily: 'penetration-testing' }, { family: 'mobile-app' })).toEqual(
      { family: 'mobile-app' },
    );
  });

  it('reads a numeric search text as text', () => {
    expect(parseJobSearch({ q: 2024 })).toEqual({ q: '2024' });
  });

  it('keeps relevance only with search text', () => {
    expect(parseJobSearch({ sort: 'relevance' })).toEqual({});
    expect(parseJobSearch({ q: 'react', sort: 'relevance' })).toEqual({ q: 'react', sort: 'relevance' });
  });

  it('drops a maximum below the minimum, and a currency without amounts or the default one', () => {
    expect(parseJobSearch({ budgetMin: 500, budgetMax: 100 })).toEqual({ budgetMin: 500 });
    expect(parseJobSearch({ currency: 'EUR' })).toEqual({});
    expect(parseJobSearch({ budgetMax: 100, currency: 'USD' })).toEqual({ budgetMax: 100 });
  });
});

describe('toSearchRequest', () => {
  it('asks for `all` without text and URL-encodes the text', () => {
    expect(toSearchRequest({})).toEqual({ query: 'all', params: {} });
    expect(toSearchRequest({ q: 'c# / .net & sql' }).query).toBe('c%23%20%2F%20.net%20%26%20sql');
  });

  it('maps every filter to the API parameters', () => {
    expect(
      toSearchRequest({
        q: 'forecast',
        family: 'finance-transformation',
        subFamily: 'fp-and-a-revolution',
        budgetMin: 1000,
        budgetMax: 9000,
        currency: 'GBP',
        projectDuration: 'less-than-one-month',
        paymentType: 'hourly',
        postedWithin: '24h',
        sort: 'relevance',
        page: 2,
      }),
    ).toEqual({
      query: 'forecast',
      params: {
        family: 'finance-transformation',
        subFamily: 'fp-and-a-revolution',
        budgetMin: 1000,
        budgetMax: 9000,
        currency: 'GBP',
        projectDuration: 'less-than-one-month',
        paymentType: 'hourly',
        postedWithin: '24h',
        sort: 'relevance',
        page: 2,
      },
    });
  });

  it('sends USD with a budget bound when no currency is chosen, and no currency without one', () => {
    expect(toSearchRequest({ budgetMin: 10 }).params).toEqual({ budgetMin: 10, currency: 'USD' });
    expect(toSearchRequest({ currency: 'EUR' }).params).toEqual({});
  });

  it('lets the path family win and sends a sub-family only with a family that has it', () => {
    expect(toSearchRequest({ family: 'mobile-app' }, 'data-and-analytics').params).toEqual({
      family: 'data-and-analytics',
    });
    expect(toSearchRequest({ subFamily: 'business' }).params).toEqual({});
    expect(toSearchRequest({ subFamily: 'business' }, 'data-and-analytics').params).toEqual({
      family: 'data-and-analytics',
      subFamily: 'business',
    });
    expect(toSearchRequest({ subFamily: 'business' }, 'mobile-app').params).toEqual({ family: 'mobile-app' });
  });

  it('sends a family the site does not know as it is, for the server to judge', () => {
    expect(toSearchRequest({ family: 'cybersecurity' }).params).toEqual({ family: 'cybersecurity' });
    expect(toSearchRequest({}, 'no-such-family').params).toEqual({ family: 'no-such-family' });
    // No form offers a sub-family of it, so none is sent.
    expect(toSearchRequest({ subFamily: 'penetration-testing' }, 'cybersecurity').params).toEqual({
      family: 'cybersecurity',
    });
  });

  it('never sends relevance without text', () => {
    expect(toSearchRequest({ sort: 'relevance' }).params).toEqual({});
  });
});

describe('changing the search', () => {
  it('goes back to page 1 on any change but the page, and drops the sub-family with the family', () => {
    const current = { q: 'bi', family: 'data-and-analytics', subFamily: 'business', page: 4 } as const;
    expect(nextSearch(current, { postedWithin: '3d' })).toEqual({
      q: 'bi',
      family: 'data-and-analytics',
      subFamily: 'business',
      postedWithin: '3d',
    });
    expect(nextSearch(current, { page: 5 })).toEqual({ ...current, page: 5 });
    expect(nextSearch(current, { family: undefined })).toEqual({ q: 'bi' });
  });

  it('drops relevance when the text is cleared', () => {
    expect(nextSearch({ q: 'bi', sort: 'relevance' }, { q: undefined })).toEqual({});
  });

  it('counts and clears the sidebar filters, keeping text and order', () => {
    const search = { q: 'bi', sort: 'oldest', budgetMax: 50, paymentType: 'hourly', postedWithin: '30d' } as const;
    expect(activeFilterCount(search)).toBe(3);
    expect(activeFilterCount({}, 'mobile-app')).toBe(1);
    expect(withoutFilters(search)).toEqual({ q: 'bi', sort: 'oldest' });
  });

  it('offers relevance only with text, and defaults to it then', () => {
    expect(sortOptions(false).map((o) => o.value)).toEqual(['newest', 'oldest', 'budget-high', 'budget-low']);
    expect(sortOptions(true)[0]).toEqual({ value: 'relevance', label: 'Relevance' });
    expect(effectiveSort({})).toBe('newest');
    expect(effectiveSort({ q: 'x' })).toBe('relevance');
  });
});

describe('pageItems', () => {
  it('shows the ends and the neighbourhood of the current page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
  });
});

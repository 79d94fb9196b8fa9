import { describe, expect, it } from 'vitest';
import {
  businessFilterCount,
  nextSearch,
  parseBusinessSearch,
  parseProfessionalSearch,
  professionalFilterCount,
  toBusinessParams,
  toProfessionalParams,
} from './searchParams';

describe('parseBusinessSearch', () => {
  it('keeps valid values and drops the rest', () => {
    expect(
      parseBusinessSearch({
        q: '  netsuite  ',
        service: 'data-and-analytics/business',
        country: 'us',
        state: 'ca',
        hourlyRate: '100-149',
        minProjectSize: 'lots',
        employees: 1,
        sort: 'relevance',
        page: '1',
        other: 'x',
      }),
    ).toEqual({
      q: 'netsuite',
      service: 'data-and-analytics/business',
      country: 'US',
      state: 'CA',
      hourlyRate: '100-149',
      employees: '1',
    });
  });

  it('drops a state without a country, a bad service and a page out of range', () => {
    expect(parseBusinessSearch({ state: 'CA', service: 'Not A Slug', page: '0', sort: 'name' })).toEqual({
      sort: 'name',
    });
  });
});

describe('parseProfessionalSearch', () => {
  it('keeps rate bounds in range and in order', () => {
    expect(parseProfessionalSearch({ minRate: '50', maxRate: '150' })).toEqual({ minRate: 50, maxRate: 150 });
    expect(parseProfessionalSearch({ minRate: '150', maxRate: '50' })).toEqual({ minRate: 150 });
    expect(parseProfessionalSearch({ minRate: '-1', maxRate: '5000' })).toEqual({});
  });
});

describe('nextSearch', () => {
  it('goes back to page 1 and drops the state when the country changes', () => {
    const current = parseBusinessSearch({ country: 'US', state: 'CA', page: '3' });
    expect(nextSearch(parseBusinessSearch, current, { country: 'GB' })).toEqual({ country: 'GB' });
    expect(nextSearch(parseBusinessSearch, current, { page: 4 })).toEqual({ country: 'US', state: 'CA', page: 4 });
  });
});

describe('the directory queries', () => {
  it('send the path service, or one of its sub-families', () => {
    expect(toBusinessParams({}, 'finance-transformation')).toEqual({
      service: 'finance-transformation',
      pageSize: 20,
    });
    expect(toBusinessParams({ service: 'finance-transformation/enterprise' }, 'finance-transformation').service).toBe(
      'finance-transformation/enterprise',
    );
    expect(toBusinessParams({ service: 'data-and-analytics/business' }, 'finance-transformation').service).toBe(
      'finance-transformation',
    );
    expect(businessFilterCount({ employees: '2-9' }, 'mobile-app')).toBe(2);
  });

  it('send rates and order for professionals', () => {
    expect(toProfessionalParams({ q: 'sql', minRate: 0, sort: 'rate-low', page: 2 })).toEqual({
      q: 'sql',
      minRate: 0,
      sort: 'rate-low',
      page: 2,
      pageSize: 20,
    });
    expect(professionalFilterCount({ minRate: 0, maxRate: 100, country: 'US', state: 'CA' })).toBe(2);
  });
});

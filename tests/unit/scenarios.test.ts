import { describe, expect, it } from 'vitest';
import { useScenario } from '../../mocks/node';
import { emptied } from '../../mocks/handlers';
import { ApiError, apiFetch } from '@/api/mutator';

interface Envelope<T> {
  status: string;
  data: T;
}

describe('mock scenarios', () => {
  it('answers the session check as signed out for a visitor', async () => {
    const error = await apiFetch('/auth/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(401);
  });

  it.each(['client', 'freelancer', 'business'] as const)('signs in as a %s', async (type) => {
    useScenario(type);
    const me = await apiFetch<Envelope<{ accountType: string; verified: boolean }>>('/auth/me/');
    expect(me.data.accountType).toBe(type);
    expect(me.data.verified).toBe(true);
  });

  it('answers every other call with contract-shaped faker data', async () => {
    useScenario('client');
    const countries = await apiFetch<Envelope<Array<{ code: string }>>>('/account/country/all/');
    expect(countries.status).toBe('success');
    expect(Array.isArray(countries.data)).toBe(true);
  });

  it('empties lists in the empty-lists scenario', async () => {
    useScenario('empty-lists');
    const countries = await apiFetch<Envelope<unknown[]>>('/account/country/all/');
    expect(countries.data).toEqual([]);
    const jobs =
      await apiFetch<Envelope<{ items: unknown[]; pagination: { total: number } }>>('/service/public/requests/all');
    expect(jobs.data.items).toEqual([]);
    expect(jobs.data.pagination.total).toBe(0);
  });

  it('fails every call with a 500 envelope in the server-error scenario', async () => {
    useScenario('server-error');
    const error = (await apiFetch('/service/currency/all/').catch((e: unknown) => e)) as ApiError;
    expect(error.httpStatus).toBe(500);
    expect(error.body.code).toBe('internal');
  });

  it('empties both bare and paged lists', () => {
    expect(emptied({ status: 'success', data: [1, 2] })).toEqual({ status: 'success', data: [] });
    expect(
      emptied({
        status: 'success',
        data: { items: [1], pagination: { page: 3, pageSize: 20, total: 9, totalPages: 1 } },
      }),
    ).toEqual({
      status: 'success',
      data: { items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
    });
  });
});

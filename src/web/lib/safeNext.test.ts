import { describe, expect, it } from 'vitest';
import { nextFor, nextSearch, safeNext } from './safeNext';

describe('safeNext', () => {
  it.each([
    ['/dashboard/', '/dashboard/'],
    ['/dashboard/requests/?page=2&q=react', '/dashboard/requests/?page=2&q=react'],
    ['/jobs/ab12/#proposals', '/jobs/ab12/#proposals'],
    ['/a/../dashboard/', '/dashboard/'],
  ])('follows the same-site path %s', (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http://localhost/dashboard/',
    '//evil.example/dashboard/',
    ' //evil.example/',
    '/\\evil.example/',
    '/\\/evil.example/',
    '\\\\evil.example',
    'javascript:alert(1)',
    'dashboard/',
    '/dash\nboard/',
    '/dash\tboard/',
    '',
  ])('refuses %j', (value) => {
    expect(safeNext(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeNext(undefined)).toBeNull();
    expect(safeNext(42)).toBeNull();
    expect(safeNext({ href: '/dashboard/' })).toBeNull();
  });
});

describe('next values', () => {
  it('is the path and query of the current page, without the hash', () => {
    expect(nextFor({ pathname: '/dashboard/requests/', searchStr: '?page=2' })).toBe('/dashboard/requests/?page=2');
  });

  it('keeps next in the search only when it is a string', () => {
    expect(nextSearch({ next: '/dashboard/' })).toEqual({ next: '/dashboard/' });
    expect(nextSearch({ next: 5 })).toEqual({});
    expect(nextSearch({})).toEqual({});
  });
});

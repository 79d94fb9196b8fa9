import { describe, expect, it } from 'vitest';
import type { FormEntry } from '@/forms/types';
import { familiesFromFiles } from '../../../../mocks/scenarios/families';
import {
  familyName,
  familyOptions,
  findServiceFamily,
  humanisedSlug,
  isFamilySlug,
  subFamiliesOf,
} from './subFamilies';

function entry(overrides: Partial<FormEntry>): FormEntry {
  return {
    id: 'requests/x',
    group: 'requests',
    kind: 'service-request',
    family: 'cybersecurity',
    subFamily: null,
    title: 'Cybersecurity',
    path: 'requests/x',
    operationId: 'createServiceRequest',
    envelopeFields: ['title', 'attachments'],
    ...overrides,
  };
}

const cybersecurity = { slug: 'cybersecurity', name: 'Cybersecurity', count: 3 };
/** The catalogue call's answer, from the server's data files. */
const catalogue = familiesFromFiles();

describe('families', () => {
  it('takes any slug of the catalogue’s shape', () => {
    expect(isFamilySlug('cybersecurity')).toBe(true);
    expect(isFamilySlug('machine-learning-and-ai')).toBe(true);
    expect(isFamilySlug('Cybersecurity')).toBe(false);
    expect(isFamilySlug('a--b')).toBe(false);
    expect(isFamilySlug('x'.repeat(81))).toBe(false);
    expect(isFamilySlug(undefined)).toBe(false);
  });

  it('lists the answer’s families in its order, or the catalogue call’s without an answer', () => {
    expect(familyOptions([cybersecurity, { slug: 'mobile-app', name: 'Apps', count: 1 }])).toEqual([
      { slug: 'cybersecurity', name: 'Cybersecurity' },
      { slug: 'mobile-app', name: 'Apps' },
    ]);
    expect(familyOptions(undefined, catalogue)).toEqual(catalogue.map(({ slug, name }) => ({ slug, name })));
    expect(
      familyOptions(undefined, [...catalogue, { ...catalogue[0]!, slug: 'cybersecurity', name: 'Cyber' }]).at(-1),
    ).toEqual({ slug: 'cybersecurity', name: 'Cyber' });
    expect(familyOptions(undefined, undefined)).toEqual([]);
  });

  it('names a family from the answer, else the catalogue call, else its slug', () => {
    expect(familyName('cybersecurity', [cybersecurity], catalogue)).toBe('Cybersecurity');
    expect(familyName('mobile-app', undefined, catalogue)).toBe('Mobile App');
    expect(familyName('mobile-app')).toBe('Mobile app');
    expect(familyName('cloud-and-devops', undefined, catalogue)).toBe('Cloud and devops');
    expect(humanisedSlug('fp-and-a-revolution')).toBe('Fp and a revolution');
    expect(findServiceFamily('cybersecurity', catalogue)).toBeUndefined();
    expect(findServiceFamily('mobile-app', catalogue)?.name).toBe('Mobile App');
  });
});

describe('subFamiliesOf', () => {
  it('gives the sub-families their catalogue names, in the forms’ order', () => {
    expect(subFamiliesOf('data-and-analytics', undefined, catalogue)).toEqual([
      { slug: 'personal', name: 'Personal Analytics' },
      { slug: 'business', name: 'Business Analytics' },
    ]);
    // The names are the call's: renamed there, renamed here.
    const renamed = catalogue.map((family) => ({
      ...family,
      subFamilies: family.subFamilies.map((sub) => ({ ...sub, name: sub.name.toUpperCase() })),
    }));
    expect(subFamiliesOf('data-and-analytics', undefined, renamed).map((sub) => sub.name)).toEqual([
      'PERSONAL ANALYTICS',
      'BUSINESS ANALYTICS',
    ]);
    expect(subFamiliesOf('mobile-app')).toEqual([]);
  });

  it('names an unknown sub-family by its form’s title, else by its slug', () => {
    const entries = [
      entry({ id: 'requests/a', subFamily: 'penetration-testing', title: 'Penetration testing' }),
      entry({ id: 'requests/b', subFamily: 'penetration-testing', title: 'Twice' }),
      entry({ id: 'requests/c', subFamily: 'incident-response', title: '  ' }),
      entry({ id: 'requests/d', subFamily: null, title: 'The family form' }),
      entry({ id: 'products/e', kind: 'product-request', subFamily: 'audit', title: 'Audit' }),
      entry({ id: 'requests/f', family: 'mobile-app', subFamily: 'games', title: 'Games' }),
    ];
    expect(subFamiliesOf('cybersecurity', entries)).toEqual([
      { slug: 'penetration-testing', name: 'Penetration testing' },
      { slug: 'incident-response', name: 'Incident response' },
    ]);
  });
});

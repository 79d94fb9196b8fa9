// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type {
  AccountType,
  BusinessLocationRow,
  ProfileRow,
  ProviderServiceRow,
  UserRow,
} from '../../../src/server/db/schema';
import {
  COMPLETION_RULES,
  profileCompletion,
  type CompletionFacts,
} from '../../../src/server/modules/account/completion';
import { SECTION } from '../../../src/server/modules/providers/profile-store';

const saved = (data: unknown) => ({ data, savedAt: '2026-03-02T16:40:12.000Z' });

/** An account with nothing filled in beyond sign-up; `fill` adds what a test needs. */
function facts(accountType: AccountType, fill: (facts: CompletionFacts) => void = () => {}): CompletionFacts {
  const result: CompletionFacts = {
    state: {
      user: { id: 'u1', accountType, emailVerifiedAt: null } as UserRow,
      profile: { userId: 'u1', accountType, sections: {}, imageId: null, tagline: null, leadsType: null } as ProfileRow,
      services: [],
      firstProjects: new Map(),
      locations: [],
    },
    projectCount: 0,
    submittedReviews: 0,
  };
  fill(result);
  return result;
}

const sections = (f: CompletionFacts, ...keys: string[]) => {
  for (const key of keys) f.state.profile!.sections[key] = saved({ entries: [{}] });
};

const keys = (items: { key: string }[]) => items.map((item) => item.key);

describe('profile completion', () => {
  it.each(['client', 'freelancer', 'business'] as const)('weighs the %s checklist to 100 with no key twice', (type) => {
    const rules = COMPLETION_RULES[type];
    expect(rules.reduce((sum, rule) => sum + rule.weight, 0)).toBe(100);
    expect(new Set(keys([...rules])).size).toBe(rules.length);
  });

  it('scores a fresh client 0 and lists the heaviest items first', () => {
    const result = profileCompletion(facts('client'));
    expect(result).toMatchObject({ accountType: 'client', score: 0, completed: [] });
    expect(keys(result.missing)).toEqual([
      'company-details',
      'about',
      'personal-details',
      'profile-image',
      'email-verified',
    ]);
    expect(result.missing[0]).toMatchObject({ weight: 30, link: '/dashboard/settings/#profile-details' });
  });

  it('adds each client item as it is done, up to 100', () => {
    const steps: [string, (f: CompletionFacts) => void, number][] = [
      ['email-verified', (f) => (f.state.user.emailVerifiedAt = new Date()), 10],
      ['profile-image', (f) => (f.state.profile!.imageId = 'img'), 25],
      ['personal-details', (f) => sections(f, SECTION.personalDetails), 45],
      ['about', (f) => sections(f, SECTION.clientAbout), 70],
      ['company-details', (f) => sections(f, SECTION.clientProfileDetails), 100],
    ];
    const done: ((f: CompletionFacts) => void)[] = [];
    for (const [key, step, score] of steps) {
      done.push(step);
      const result = profileCompletion(facts('client', (f) => done.forEach((apply) => apply(f))));
      expect(result.score, key).toBe(score);
      expect(keys(result.completed)).toContain(key);
      expect(keys(result.missing)).not.toContain(key);
    }
  });

  it("puts a freelancer's onboarding steps first, then the heaviest items in table order", () => {
    const result = profileCompletion(facts('freelancer'));
    expect(keys(result.missing)).toEqual([
      'primary-service',
      'leads-location',
      'service-details',
      'about',
      'profile-image',
      'education',
      'experience',
      'email-verified',
      'languages',
      'tagline',
      'projects',
      'references',
      'personal-details',
    ]);
  });

  it('reproduces the freelancer example of the contract (65)', () => {
    const result = profileCompletion(
      facts('freelancer', (f) => {
        f.state.user.emailVerifiedAt = new Date();
        f.state.profile!.imageId = 'img';
        f.state.profile!.leadsType = 'worldwide';
        f.state.services = [
          { family: 'mobile-app', isPrimary: true, subFamilies: [] } as unknown as ProviderServiceRow,
        ];
        f.state.firstProjects.set('mobile-app', 'p1');
        f.projectCount = 2;
        sections(f, SECTION.freelancerAbout, SECTION.personalDetails);
      }),
    );
    expect(result.score).toBe(65);
    expect(keys(result.missing)).toEqual(['education', 'experience', 'languages', 'tagline', 'references']);
  });

  it('counts education only with an entry, projects from two, references from one review', () => {
    const empty = profileCompletion(
      facts('freelancer', (f) => {
        f.state.profile!.sections[SECTION.education] = saved({ entries: [] });
        f.projectCount = 1;
      }),
    );
    expect(keys(empty.completed)).toEqual([]);
    const filled = profileCompletion(
      facts('freelancer', (f) => {
        sections(f, SECTION.education);
        f.projectCount = 2;
        f.submittedReviews = 1;
        f.state.profile!.tagline = 'I turn month-end chaos into a four-day close.';
      }),
    );
    expect(keys(filled.completed)).toEqual(['education', 'tagline', 'projects', 'references']);
    expect(filled.score).toBe(25);
  });

  it('reproduces the business example of the contract (75): references before competitors', () => {
    const result = profileCompletion(
      facts('business', (f) => {
        f.state.user.emailVerifiedAt = new Date();
        f.state.profile!.imageId = 'logo';
        f.state.locations = [{ id: 'l1' } as BusinessLocationRow];
        sections(f, SECTION.businessDetails, SECTION.personalContact, SECTION.businessAbout, SECTION.socialProfiles);
      }),
    );
    expect(result.score).toBe(75);
    expect(keys(result.missing)).toEqual(['references', 'competitors']);
    expect(result.missing[0]!.link).toBe('/dashboard/settings/#review-and-references');
  });

  it("lists a fresh business's onboarding steps first in onboarding order", () => {
    const result = profileCompletion(facts('business'));
    expect(keys(result.missing).slice(0, 5)).toEqual([
      'business-details',
      'personal-contact',
      'about',
      'locations',
      'social-profiles',
    ]);
    expect(keys(result.missing).slice(5)).toEqual(['references', 'profile-image', 'email-verified', 'competitors']);
  });
});

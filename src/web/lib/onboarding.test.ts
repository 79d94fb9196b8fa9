import { describe, expect, it } from 'vitest';
import {
  businessUser,
  clientUser,
  freelancerUser,
  newBusinessUser,
  newFreelancerUser,
  unverifiedClientUser,
} from '../../../mocks/fixtures/users';
import type { AuthUser } from './auth';
import { onboardingRedirect, onboardingTarget } from './onboarding';

const project = { id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };
const service = { slug: 'data-and-analytics', name: 'Data and analytics', project: null } as const;
const done = { completed: true };
const notDone = { completed: false };

function freelancer(changes: Partial<AuthUser>): AuthUser {
  return { ...freelancerUser, ...changes };
}

function business(changes: Partial<NonNullable<AuthUser['business']>>): AuthUser {
  return { ...businessUser, business: { ...businessUser.business!, ...changes } };
}

describe('onboardingTarget', () => {
  it('sends any unverified account to the verification page first', () => {
    expect(onboardingTarget(unverifiedClientUser)).toBe('/auth/verification/email/');
    expect(onboardingTarget({ ...newFreelancerUser, verified: false })).toBe('/auth/verification/email/');
    expect(onboardingTarget({ ...newBusinessUser, verified: false })).toBe('/auth/verification/email/');
  });

  it('has nothing for a verified client, a finished freelancer or a finished business', () => {
    expect(onboardingTarget(clientUser)).toBeNull();
    expect(onboardingTarget(freelancerUser)).toBeNull();
    expect(onboardingTarget(businessUser)).toBeNull();
  });

  describe('freelancer', () => {
    it('goes to profile setup without a profile image and without a social image', () => {
      expect(onboardingTarget(freelancer({ profile: { image: null } }))).toBe('/auth/su/profile/');
    });

    it('counts the Google picture as a profile image', () => {
      const googlePicture = freelancer({
        profile: { image: null },
        social: { image: 'https://lh3.example/a.jpg', provider: 'google' },
      });
      expect(onboardingTarget(googlePicture)).toBeNull();
    });

    it('then to primary-service, leads, other-services and service-details, the first missing', () => {
      expect(onboardingTarget(freelancer({ primaryService: null }))).toBe('/auth/su/freelancer/primary-service/');
      expect(onboardingTarget(freelancer({ leadsLocation: null }))).toBe('/auth/su/freelancer/leads/');
      expect(onboardingTarget(freelancer({ primaryService: service, otherServices: [] }))).toBe(
        '/auth/su/freelancer/other-services/',
      );
      expect(onboardingTarget(freelancer({ primaryService: service, otherServices: [service] }))).toBe(
        '/auth/su/freelancer/service-details/',
      );
    });

    it('accepts no other services once the service details are done', () => {
      expect(onboardingTarget(freelancer({ primaryService: { ...service, project }, otherServices: [] }))).toBeNull();
    });

    it('asks for the profile image before anything else', () => {
      expect(onboardingTarget(newFreelancerUser)).toBe('/auth/su/profile/');
    });
  });

  describe('business', () => {
    it.each([
      [{ details: notDone }, '/auth/su/business/details/'],
      [{ personalContact: notDone }, '/auth/su/business/personal-contact/'],
      [{ about: notDone }, '/auth/su/business/about/'],
      [{ locations: [] }, '/auth/su/business/locations/'],
      [{ socialProfiles: notDone }, '/auth/su/business/social-profiles/'],
    ])('goes to the first step not completed (%j)', (changes, target) => {
      expect(onboardingTarget(business(changes))).toBe(target);
    });

    it('takes the earliest step when several are missing', () => {
      expect(onboardingTarget(business({ about: notDone, details: notDone, socialProfiles: notDone }))).toBe(
        '/auth/su/business/details/',
      );
      expect(onboardingTarget(newBusinessUser)).toBe('/auth/su/business/personal-contact/');
    });

    it('lets competitors and review-and-references be skipped', () => {
      expect(onboardingTarget(business({ competitors: notDone, reviewAndReferences: notDone }))).toBeNull();
      expect(onboardingTarget(business({ competitors: done }))).toBeNull();
    });
  });
});

describe('onboardingRedirect', () => {
  it('sends an unverified user from signed-in pages to the verification page', () => {
    expect(onboardingRedirect(unverifiedClientUser, '/dashboard/')).toBe('/auth/verification/email/');
    expect(onboardingRedirect(unverifiedClientUser, '/auth/su/profile/')).toBe('/auth/verification/email/');
  });

  it('leaves an unverified user on the verification pages and settings', () => {
    expect(onboardingRedirect(unverifiedClientUser, '/auth/verification/email/')).toBeNull();
    expect(onboardingRedirect(unverifiedClientUser, '/dashboard/settings/')).toBeNull();
  });

  it('leaves an unfinished profile on the onboarding pages, but not on the dashboard', () => {
    expect(onboardingRedirect(newFreelancerUser, '/auth/su/freelancer/leads/')).toBeNull();
    expect(onboardingRedirect(newFreelancerUser, '/dashboard/requests/')).toBe('/auth/su/profile/');
    expect(onboardingRedirect(newBusinessUser, '/payments/checkout/success/')).toBe(
      '/auth/su/business/personal-contact/',
    );
  });

  it('does nothing for a finished account', () => {
    expect(onboardingRedirect(freelancerUser, '/dashboard/requests/')).toBeNull();
  });
});

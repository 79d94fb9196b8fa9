import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { updateProfile } from '@/api/generated/account/account';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import { updateClientPersonalDetails, updateClientProfileDetails } from '@/api/generated/client/client';
import {
  updateFreelancerBusinessDetails,
  updateFreelancerPersonalDetails,
  updateFreelancerTagline,
  useGetPublicFreelancerProfile,
} from '@/api/generated/freelancer/freelancer';
import type {
  AccountPersonalDetailsInput,
  AccountProfileUpdateInput,
  ClientProfileDetailsInput,
  FreelancerBusinessDetailsInput,
  FreelancerPublicProfile,
  FreelancerTaglineInput,
} from '@/api/generated/model';
import type { JsonObject } from '@/forms/types';
import { useAuth, type AuthUser } from '@/lib/auth';
import { notify } from '@/ui/toast';
import { refreshProfileQueries } from '@/lib/profileQueries';
import { ProfileSectionForm } from '@/forms/profile/ProfileSectionForm';

interface SectionProps {
  /** The anchor the profile-completion links use (`/dashboard/settings/#tagline`). */
  anchor: string;
  title: string;
  lead: string;
  children: ReactNode;
}

function Section({ anchor, title, lead, children }: SectionProps) {
  return (
    <section className="settings-section" id={anchor} aria-labelledby={`settings-${anchor}-title`}>
      <h2 id={`settings-${anchor}-title`} className="settings-section__title">
        {title}
      </h2>
      <p className="settings-section__lead">{lead}</p>
      {children}
    </section>
  );
}

/** After a save: the toast, and the answers that depend on it read again. */
function useSaved() {
  const queryClient = useQueryClient();
  return (result: unknown, fallback: string) => {
    notify.info((result as { message?: string }).message || fallback);
    void refreshProfileQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
  };
}

/** What the public profile shows of a freelancer: the settings start from it (it may be 404 while unlisted). */
function usePublicProfile(user: AuthUser): FreelancerPublicProfile | undefined {
  const query = useGetPublicFreelancerProfile(user.id, {
    query: { enabled: user.accountType === 'freelancer', retry: false },
  });
  return query.data?.data;
}

function personalStart(user: AuthUser, profile: FreelancerPublicProfile | undefined): JsonObject {
  const start: JsonObject = {};
  if (user.firstname) start.firstname = user.firstname;
  if (user.lastname) start.lastname = user.lastname;
  if (profile?.country) start.country = profile.country;
  if (profile?.city) start.city = profile.city;
  return start;
}

/** Settings › Personal details (F19 for freelancers, CL2 for clients). */
export function PersonalDetailsSection({ user, profile }: { user: AuthUser; profile?: FreelancerPublicProfile }) {
  const saved = useSaved();
  const freelancer = user.accountType === 'freelancer';
  return (
    <Section
      anchor="personal-details"
      title="Personal details"
      lead="Your name, phone, where you live and your time zone. Your email is changed below."
    >
      <ProfileSectionForm
        key={profile ? 'with-profile' : 'without-profile'}
        formId="profile/personal-details"
        idPrefix="settings-personal"
        initialAnswers={personalStart(user, profile)}
        onSave={(answers) =>
          freelancer
            ? updateFreelancerPersonalDetails(answers as unknown as AccountPersonalDetailsInput)
            : updateClientPersonalDetails(answers as unknown as AccountPersonalDetailsInput)
        }
        onSaved={(result) => saved(result, 'Personal details saved.')}
        submitLabel="Save personal details"
      />
    </Section>
  );
}

/** Settings › Profile details (CL3, clients) or Business details (F20, freelancers). */
export function ProfileDetailsSection({ user }: { user: AuthUser }) {
  const saved = useSaved();
  if (user.accountType === 'client') {
    return (
      <Section
        anchor="profile-details"
        title="Profile details"
        lead="Who you hire for: providers send sharper proposals when they know who they work with."
      >
        <ProfileSectionForm
          formId="profile/client-profile-details"
          idPrefix="settings-profile-details"
          onSave={(answers) => updateClientProfileDetails(answers as unknown as ClientProfileDetailsInput)}
          onSaved={(result) => saved(result, 'Profile details saved.')}
          submitLabel="Save profile details"
        />
      </Section>
    );
  }
  return (
    <Section
      anchor="profile-details"
      title="Business details"
      lead="How you invoice and are invoiced, printed on your receipts. Never shown on your profile."
    >
      <ProfileSectionForm
        formId="profile/freelancer-business-details"
        idPrefix="settings-business-details"
        onSave={(answers) => updateFreelancerBusinessDetails(answers as unknown as FreelancerBusinessDetailsInput)}
        onSaved={(result) => saved(result, 'Business details saved.')}
        submitLabel="Save business details"
      />
    </Section>
  );
}

/** Settings › Tagline (F18, freelancers). */
export function TaglineSection({ profile }: { profile?: FreelancerPublicProfile }) {
  const saved = useSaved();
  return (
    <Section
      anchor="tagline"
      title="Tagline"
      lead="One line under your headline in search results and on your profile."
    >
      <ProfileSectionForm
        key={profile ? 'with-profile' : 'without-profile'}
        formId="profile/freelancer-tagline"
        idPrefix="settings-tagline"
        initialAnswers={profile?.tagline ? { tagline: profile.tagline } : undefined}
        onSave={(answers) => updateFreelancerTagline(answers as unknown as FreelancerTaglineInput)}
        onSaved={(result) => saved(result, 'Tagline saved.')}
        submitLabel="Save tagline"
      />
    </Section>
  );
}

/** Settings › Company name (C07 for businesses; the names of people are in their personal details). */
export function BusinessNameSection({ user }: { user: AuthUser }) {
  const saved = useSaved();
  return (
    <Section
      anchor="company-name"
      title="Company name"
      lead="How your business appears across the marketplace. Your public company id never changes."
    >
      <ProfileSectionForm
        formId="onboarding/profile"
        idPrefix="settings-company"
        initialAnswers={user.companyname ? { companyname: user.companyname } : undefined}
        uiOverrides={{
          firstname: { 'ui:widget': 'hidden' },
          lastname: { 'ui:widget': 'hidden' },
          removeImage: { 'ui:widget': 'hidden' },
        }}
        onSave={(answers) =>
          updateProfile({ companyname: answers.companyname } as unknown as AccountProfileUpdateInput)
        }
        onSaved={(result) => saved(result, 'Company name saved.')}
        submitLabel="Save company name"
      />
    </Section>
  );
}

/** The sections of the signed-in account's profile, in the order the settings page shows them. */
export function ProfileSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileSettingsOf user={user} />;
}

function ProfileSettingsOf({ user }: { user: AuthUser }) {
  const profile = usePublicProfile(user);
  if (user.accountType === 'business') return <BusinessNameSection user={user} />;
  return (
    <>
      <PersonalDetailsSection user={user} profile={profile} />
      <ProfileDetailsSection user={user} />
      {user.accountType === 'freelancer' && <TaglineSection profile={profile} />}
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { updateProfile } from '@/api/generated/account/account';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import {
  updateClientPersonalDetails,
  updateClientProfileDetails,
  useGetClientSettings,
} from '@/api/generated/client/client';
import {
  updateFreelancerBusinessDetails,
  updateFreelancerPersonalDetails,
  updateFreelancerTagline,
  useGetFreelancerSettings,
} from '@/api/generated/freelancer/freelancer';
import type {
  AccountPersonalDetails,
  AccountPersonalDetailsInput,
  AccountProfileUpdateInput,
  ClientProfileDetails,
  ClientProfileDetailsInput,
  FreelancerBusinessDetails,
  FreelancerBusinessDetailsInput,
  FreelancerTaglineInput,
} from '@/api/generated/model';
import { useAuth, type AuthUser } from '@/lib/auth';
import { PATHS } from '@/lib/paths';
import { FormAlert } from '@/ui/form/FormAlert';
import { notify } from '@/ui/toast';
import { OWN_SECTION_READ, refreshProfileQueries } from '@/lib/profileQueries';
import { ProfileSectionForm } from '@/forms/profile/ProfileSectionForm';
import {
  clientProfileDetailsAnswers,
  freelancerBusinessDetailsAnswers,
  personalDetailsAnswers,
} from '@/forms/profile/storedAnswers';
import { SettingsSection } from './SettingsSection';

/** After a save: the toast, and the answers that depend on it read again. */
function useSaved() {
  const queryClient = useQueryClient();
  return (result: unknown, fallback: string) => {
    notify.info((result as { message?: string }).message || fallback);
    void refreshProfileQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
  };
}

/** Settings › Personal details (F19 for freelancers, CL2 for clients). */
export function PersonalDetailsSection({ user, stored }: { user: AuthUser; stored: AccountPersonalDetails | null }) {
  const saved = useSaved();
  const freelancer = user.accountType === 'freelancer';
  return (
    <SettingsSection
      anchor="personal-details"
      title="Personal details"
      lead="Your name, phone, where you live and your time zone. Your email is changed below."
    >
      <ProfileSectionForm
        formId="profile/personal-details"
        idPrefix="settings-personal"
        initialAnswers={personalDetailsAnswers(user, stored)}
        onSave={(answers) =>
          freelancer
            ? updateFreelancerPersonalDetails(answers as unknown as AccountPersonalDetailsInput)
            : updateClientPersonalDetails(answers as unknown as AccountPersonalDetailsInput)
        }
        onSaved={(result) => saved(result, 'Personal details saved.')}
        submitLabel="Save personal details"
      />
    </SettingsSection>
  );
}

/** Settings › Profile details (CL3, clients) or Business details (F20, freelancers). */
export function ProfileDetailsSection({
  user,
  stored,
}: {
  user: AuthUser;
  stored: ClientProfileDetails | FreelancerBusinessDetails | null;
}) {
  const saved = useSaved();
  if (user.accountType === 'client') {
    return (
      <SettingsSection
        anchor="profile-details"
        title="Profile details"
        lead="Who you hire for: providers send sharper proposals when they know who they work with."
      >
        <ProfileSectionForm
          formId="profile/client-profile-details"
          idPrefix="settings-profile-details"
          initialAnswers={clientProfileDetailsAnswers(stored as ClientProfileDetails | null)}
          onSave={(answers) => updateClientProfileDetails(answers as unknown as ClientProfileDetailsInput)}
          onSaved={(result) => saved(result, 'Profile details saved.')}
          submitLabel="Save profile details"
        />
      </SettingsSection>
    );
  }
  return (
    <SettingsSection
      anchor="profile-details"
      title="Business details"
      lead="How you invoice and are invoiced, printed on your receipts. Never shown on your profile."
    >
      <ProfileSectionForm
        formId="profile/freelancer-business-details"
        idPrefix="settings-business-details"
        initialAnswers={freelancerBusinessDetailsAnswers(stored as FreelancerBusinessDetails | null)}
        onSave={(answers) => updateFreelancerBusinessDetails(answers as unknown as FreelancerBusinessDetailsInput)}
        onSaved={(result) => saved(result, 'Business details saved.')}
        submitLabel="Save business details"
      />
    </SettingsSection>
  );
}

/** Settings › Tagline (F18, freelancers). */
export function TaglineSection({ tagline }: { tagline: string | null }) {
  const saved = useSaved();
  return (
    <SettingsSection
      anchor="tagline"
      title="Tagline"
      lead="One line under your headline in search results and on your profile."
    >
      <ProfileSectionForm
        formId="profile/freelancer-tagline"
        idPrefix="settings-tagline"
        initialAnswers={tagline ? { tagline } : undefined}
        onSave={(answers) => updateFreelancerTagline(answers as unknown as FreelancerTaglineInput)}
        onSaved={(result) => saved(result, 'Tagline saved.')}
        submitLabel="Save tagline"
      />
    </SettingsSection>
  );
}

/** Settings › Company name (C07 for businesses; the names of people are in their personal details). */
export function BusinessNameSection({ user }: { user: AuthUser }) {
  const saved = useSaved();
  return (
    <SettingsSection
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
    </SettingsSection>
  );
}

/** The sections of the signed-in account's profile, in the order the settings page shows them. */
export function ProfileSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileSettingsOf user={user} />;
}

function ProfileSettingsOf({ user }: { user: AuthUser }) {
  if (user.accountType === 'business') {
    return (
      <>
        <BusinessNameSection user={user} />
        <BusinessProfileLink />
      </>
    );
  }
  if (user.accountType === 'client') return <ClientSettings user={user} />;
  return <FreelancerSettings user={user} />;
}

/** While the saved sections load the forms wait: a form starts from what it is given once. */
function Loading({ failed }: { failed: boolean }) {
  if (failed) {
    return (
      <FormAlert>
        <p>Your saved settings could not be loaded. Reload the page to try again.</p>
      </FormAlert>
    );
  }
  return (
    <p className="settings-page__loading" role="status">
      Loading your settings…
    </p>
  );
}

function ClientSettings({ user }: { user: AuthUser }) {
  // The route's loader asked already (see OWN_SECTION_READ).
  const settings = useGetClientSettings(OWN_SECTION_READ);
  const saved = settings.data?.data;
  if (!saved) return <Loading failed={settings.isError} />;
  return (
    <>
      <PersonalDetailsSection user={user} stored={saved.personalDetails} />
      <ProfileDetailsSection user={user} stored={saved.profileDetails} />
    </>
  );
}

function FreelancerSettings({ user }: { user: AuthUser }) {
  // The route's loader asked already (see OWN_SECTION_READ).
  const settings = useGetFreelancerSettings(OWN_SECTION_READ);
  const saved = settings.data?.data;
  if (!saved) return <Loading failed={settings.isError} />;
  return (
    <>
      <PersonalDetailsSection user={user} stored={saved.personalDetails} />
      <ProfileDetailsSection user={user} stored={saved.businessDetails} />
      <TaglineSection tagline={saved.tagline} />
    </>
  );
}

/** Settings › Business profile: the public profile's sections are edited on their own page. */
function BusinessProfileLink() {
  return (
    <SettingsSection
      anchor="business-profile"
      title="Business profile"
      lead="Your details, contact person, services, offices, social profiles and competitors."
    >
      <Link to={PATHS.businessProfile} className="button button--secondary">
        Edit your business profile
      </Link>
    </SettingsSection>
  );
}

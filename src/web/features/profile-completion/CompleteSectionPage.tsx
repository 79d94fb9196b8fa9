import type { ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import {
  getGetClientSettingsQueryOptions,
  updateClientAbout,
  useGetClientSettings,
} from '@/api/generated/client/client';
import {
  getGetPublicFreelancerProfileQueryOptions,
  setFreelancerEducation,
  setFreelancerExperience,
  setFreelancerLanguages,
  updateFreelancerAbout,
  useGetPublicFreelancerProfile,
} from '@/api/generated/freelancer/freelancer';
import type {
  ClientAboutInput,
  ClientSettings,
  FreelancerAboutInput,
  FreelancerEducationInput,
  FreelancerExperienceInput,
  FreelancerLanguageInput,
  FreelancerPublicProfile,
} from '@/api/generated/model';
import type { JsonObject } from '@/forms/types';
import { useAuth, type AuthUser } from '@/lib/auth';
import { BUSINESS_STEPS, FREELANCER_DASHBOARD_HOME } from '@/lib/onboarding';
import { PATHS, type AppPath } from '@/lib/paths';
import { OWN_SECTION_READ, refreshProfileQueries } from '@/lib/profileQueries';
import { PRODUCT_NAME } from '@/ui/Logo';
import { notify } from '@/ui/toast';
import { ProfileSectionForm } from '@/forms/profile/ProfileSectionForm';
import { DocumentTitle } from '@/ui/DocumentTitle';
import './profile-completion.css';

export type CompleteSection = 'profile' | 'education' | 'experience' | 'languages';

interface SectionSpec {
  formId: string;
  lead: string;
  save: (answers: JsonObject) => Promise<{ message: string }>;
  /** What the public profile holds for this section, as the form's answers. */
  prefill?: (profile: FreelancerPublicProfile) => JsonObject;
}

const FREELANCER_SECTIONS: Record<CompleteSection, SectionSpec> = {
  profile: {
    formId: 'profile/freelancer-about',
    lead: 'Your headline, your story, your rate and how much work you can take on: what clients read first.',
    save: (answers) => updateFreelancerAbout(answers as unknown as FreelancerAboutInput),
    prefill: (profile) =>
      ({
        headline: profile.headline,
        about: profile.about,
        hourlyRate: profile.hourlyRate,
        yearsOfExperience: profile.yearsOfExperience,
        availability: profile.availability,
      }) as unknown as JsonObject,
  },
  education: {
    formId: 'profile/freelancer-education',
    lead: 'Your degrees, certificates and studies, newest first. Saving replaces the whole list.',
    save: (answers) => setFreelancerEducation(answers as unknown as FreelancerEducationInput),
    prefill: (profile) => ({ entries: profile.education }) as unknown as JsonObject,
  },
  experience: {
    formId: 'profile/freelancer-experience',
    lead: 'The positions and engagements you have held. Saving replaces the whole list.',
    save: (answers) => setFreelancerExperience(answers as unknown as FreelancerExperienceInput),
    prefill: (profile) => ({ entries: profile.experience }) as unknown as JsonObject,
  },
  languages: {
    formId: 'profile/freelancer-languages',
    lead: 'The languages you work in and how well you speak them. Clients filter by language.',
    save: (answers) => setFreelancerLanguages(answers as unknown as FreelancerLanguageInput),
    // At least one language: an empty list starts with one entry to fill in.
    prefill: (profile) => ({ entries: profile.languages.length ? profile.languages : [{}] }) as unknown as JsonObject,
  },
};

const CLIENT_PROFILE: SectionSpec = {
  formId: 'profile/client-about',
  lead: 'What your company does and what it usually hires for, so providers can judge the fit before they bid.',
  save: (answers) => updateClientAbout(answers as unknown as ClientAboutInput),
};

export const SECTION_TITLES: Record<CompleteSection, string> = {
  profile: 'Complete your profile',
  education: 'Add your education',
  experience: 'Add your experience',
  languages: 'Add your languages',
};

/**
 * A freelancer's sections start from their public profile, read as their own sections are (see
 * OWN_SECTION_READ), once: a profile not listed yet answers 404 and the form starts empty.
 */
const OWN_PROFILE_READ = { query: { ...OWN_SECTION_READ.query, retry: false } } as const;

/**
 * The section routes' loader: what the page starts the account's form from, as it asks for it (a
 * freelancer's public profile, a client's saved sections for the about form); nothing for the
 * accounts the page has no form for.
 */
export function prefetchCompleteSection(
  queryClient: QueryClient,
  user: AuthUser | null,
  section: CompleteSection,
): Promise<void> | undefined {
  if (user?.accountType === 'freelancer') {
    return queryClient.prefetchQuery(getGetPublicFreelancerProfileQueryOptions(user.id, OWN_PROFILE_READ));
  }
  if (user?.accountType === 'client' && section === 'profile') {
    return queryClient.prefetchQuery(getGetClientSettingsQueryOptions(OWN_SECTION_READ));
  }
  return undefined;
}

/** The signed-in account's home: freelancers have their services page, the others the dashboard. */
export function homeOf(user: AuthUser | null): AppPath {
  return user?.accountType === 'freelancer' ? FREELANCER_DASHBOARD_HOME : PATHS.dashboard;
}

/** After a save: the toast (3.5 s, spec §9), then back to the page the person came from, else home. */
export function useReturnAfterSave() {
  const router = useRouter();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return (message: string) => {
    notify.info(message);
    void refreshProfileQueries(queryClient);
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: homeOf(user) });
  };
}

function PageFrame({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="container profile-page">
      <DocumentTitle>{`${title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <Link to={homeOf(user)} className="profile-page__back">
        ← Back to your dashboard
      </Link>
      <h1 className="profile-page__title">{title}</h1>
      <p className="profile-page__lead">{lead}</p>
      {children}
    </div>
  );
}

function NotForThisAccount({ section, user }: { section: CompleteSection; user: AuthUser | null }) {
  const business = user?.accountType === 'business';
  return (
    <PageFrame
      title={SECTION_TITLES[section]}
      lead={
        business
          ? 'Your business profile is filled in through its own steps: details, contact, about, offices and social profiles.'
          : 'Education, experience and languages belong to freelancer profiles.'
      }
    >
      <div className="profile-page__card">
        <p>
          {business
            ? 'Open a step to change what your profile says.'
            : 'Your client profile has no such section. Tell providers about your company instead.'}
        </p>
        <Link to={business ? BUSINESS_STEPS.about : '/dashboard/complete/profile/'} className="button button--primary">
          {business ? 'Edit your business profile' : 'Describe your company'}
        </Link>
      </div>
    </PageFrame>
  );
}

function SectionForm({
  section,
  spec,
  initial,
}: {
  section: CompleteSection;
  spec: SectionSpec;
  initial?: JsonObject;
}) {
  const done = useReturnAfterSave();
  const { user } = useAuth();
  return (
    <div className="profile-page__card" id={section === 'profile' ? 'about' : undefined}>
      <ProfileSectionForm
        formId={spec.formId}
        idPrefix={`complete-${section}`}
        initialAnswers={initial}
        onSave={(answers) => spec.save(answers)}
        onSaved={(result) => done((result as { message?: string }).message || 'Saved.')}
        secondaryAction={
          <Link to={homeOf(user)} className="button button--secondary">
            Cancel
          </Link>
        }
      />
    </div>
  );
}

/** A freelancer's section, prefilled from the public profile (404 while unlisted: start empty). */
function FreelancerSection({ section, user }: { section: CompleteSection; user: AuthUser }) {
  const spec = FREELANCER_SECTIONS[section];
  const profile = useGetPublicFreelancerProfile(user.id, OWN_PROFILE_READ);
  const unlisted = profile.error instanceof ApiError && profile.error.httpStatus === 404;
  const title = SECTION_TITLES[section];
  if (profile.isPending) {
    return (
      <PageFrame title={title} lead={spec.lead}>
        <p className="profile-form__loading" role="status">
          Loading your profile…
        </p>
      </PageFrame>
    );
  }
  const initial = profile.data && spec.prefill ? spec.prefill(profile.data.data) : undefined;
  return (
    <PageFrame title={title} lead={spec.lead}>
      {profile.isError && !unlisted && (
        <p className="form-alert form-alert--info">
          We could not load what your profile says now, so the form starts empty. Saving replaces the whole section.
        </p>
      )}
      <SectionForm section={section} spec={spec} initial={initial} />
    </PageFrame>
  );
}

/**
 * The client's about form, from the stored section; before it is saved once, industry, size and
 * website come from the profile details, which share them.
 */
export function clientAboutAnswers(settings: ClientSettings): JsonObject | undefined {
  const company = settings.about ?? settings.profileDetails;
  if (!company) return undefined;
  const answers: JsonObject = { industry: company.industry.slug, businessSize: company.businessSize.slug };
  if (company.website) answers.website = company.website;
  if (settings.about) answers.about = settings.about.about;
  return answers;
}

/** A client's about section, starting from what is stored. */
function ClientAboutSection() {
  const settings = useGetClientSettings(OWN_SECTION_READ);
  const title = SECTION_TITLES.profile;
  if (settings.isPending) {
    return (
      <PageFrame title={title} lead={CLIENT_PROFILE.lead}>
        <p className="profile-form__loading" role="status">
          Loading your profile…
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title} lead={CLIENT_PROFILE.lead}>
      {settings.isError && (
        <p className="form-alert form-alert--info">
          We could not load what your profile says now, so the form starts empty. Saving replaces the whole section.
        </p>
      )}
      <SectionForm
        section="profile"
        spec={CLIENT_PROFILE}
        initial={settings.data ? clientAboutAnswers(settings.data.data) : undefined}
      />
    </PageFrame>
  );
}

/**
 * `/dashboard/complete/{profile,education,experience,languages}/`: one section of the profile
 * (its route's loader reads what the form starts from, see prefetchCompleteSection).
 */
export function CompleteSectionPage({ section }: { section: CompleteSection }) {
  const { user } = useAuth();
  if (user?.accountType === 'freelancer') return <FreelancerSection section={section} user={user} />;
  if (user?.accountType === 'client' && section === 'profile') return <ClientAboutSection />;
  return <NotForThisAccount section={section} user={user} />;
}

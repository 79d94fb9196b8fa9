import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import {
  getBusinessProfile,
  setBusinessCompetitors,
  setBusinessPersonalContact,
  updateBusinessAbout,
  updateBusinessCompetitors,
  updateBusinessDetails,
  updateBusinessLocation,
  updateBusinessPersonalContact,
  updateBusinessSocialProfiles,
  useGetBusinessProfile,
} from '@/api/generated/business/business';
import type {
  BusinessAboutInput,
  BusinessCompetitorsInput,
  BusinessDetailsInput,
  BusinessLocation,
  BusinessLocationInput,
  BusinessOwnProfile,
  BusinessPersonalContactInput,
  BusinessSocialProfilesInput,
} from '@/api/generated/model';
import { CatalogueSearchWidget } from '@/forms/ManyOptionsWidget';
import { ProfileSectionForm } from '@/forms/profile/ProfileSectionForm';
import { businessSectionAnswers } from '@/forms/profile/storedAnswers';
import type { JsonObject } from '@/forms/types';
import { OWN_SECTION_READ, refreshProfileQueries } from '@/lib/profileQueries';
import { FormAlert } from '@/ui/form/FormAlert';
import { PRODUCT_NAME } from '@/ui/Logo';
import { notify } from '@/ui/toast';
import { ProfileImageSection } from './ProfileImageSection';
import './settings.css';
import { SettingsSection } from './SettingsSection';
import { OfficeList } from '@/ui/OfficeList';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** Languages are a long list: a search with chips, as in onboarding. */
const ABOUT_WIDGETS = { CatalogueOptionsWidget: CatalogueSearchWidget };

/** Empty text is no answer: the optional fields left blank are not sent. */
function withoutBlanks(answers: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== '' && value !== undefined));
}

/**
 * The details are sent with the logo the business has now: the logo is changed in its own section
 * above (or in settings), so what this form was opened with may be out of date.
 */
async function saveDetails(answers: JsonObject) {
  const current = (await getBusinessProfile()).data.details?.logo ?? null;
  const body = { ...withoutBlanks(answers), logo: current } as JsonObject;
  if (!current) delete body.logo;
  return updateBusinessDetails(body as unknown as BusinessDetailsInput);
}

/**
 * `/dashboard/business/profile/`: a business edits what its public profile shows after onboarding,
 * each section saved on its own and starting from what is stored.
 */
export function BusinessProfilePage() {
  // The route's loader asked already (see OWN_SECTION_READ).
  const profile = useGetBusinessProfile(OWN_SECTION_READ);
  const data = profile.data?.data;
  return (
    <div className="container settings-page">
      <DocumentTitle>{`Business profile | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="settings-page__title">Business profile</h1>
      {data && (
        <p className="settings-page__lead">
          What your public page shows.{' '}
          <Link to="/business/$companyId/" params={{ companyId: data.companyId }}>
            View your public profile
          </Link>
        </p>
      )}
      <ProfileImageSection />
      {data ? (
        <BusinessSections profile={data} />
      ) : profile.isError ? (
        <FormAlert>
          <p>Your business profile could not be loaded. Reload the page to try again.</p>
        </FormAlert>
      ) : (
        <p className="settings-page__loading" role="status">
          Loading your business profile…
        </p>
      )}
    </div>
  );
}

function useSaved() {
  const queryClient = useQueryClient();
  return (result: unknown, fallback: string) => {
    notify.info((result as { message?: string }).message || fallback);
    void refreshProfileQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
  };
}

function BusinessSections({ profile }: { profile: BusinessOwnProfile }) {
  const saved = useSaved();
  const answers = businessSectionAnswers(profile);
  return (
    <>
      <SettingsSection
        anchor="details"
        title="Business details"
        lead="Your name, tagline, description, website, founding year, type and industry."
      >
        <ProfileSectionForm
          formId="onboarding/business-details"
          idPrefix="business-profile-details"
          initialAnswers={answers.details}
          uiOverrides={{ logo: { 'ui:widget': 'hidden' } }}
          onSave={saveDetails}
          onSaved={(result) => saved(result, 'Business details updated.')}
          submitLabel="Save business details"
        />
      </SettingsSection>
      <SettingsSection
        anchor="personal-contact"
        title="Personal contact"
        lead="The person we talk to about your account. Never shown on your profile."
      >
        <ProfileSectionForm
          formId="onboarding/business-personal-contact"
          idPrefix="business-profile-contact"
          initialAnswers={answers.personalContact}
          onSave={(body) =>
            profile.personalContact
              ? updateBusinessPersonalContact(body as unknown as BusinessPersonalContactInput)
              : setBusinessPersonalContact(body as unknown as BusinessPersonalContactInput)
          }
          onSaved={(result) => saved(result, 'Personal contact saved.')}
          submitLabel="Save personal contact"
        />
      </SettingsSection>
      <SettingsSection
        anchor="about"
        title="About"
        lead="Your services, team size, minimum project size, hourly rates and languages."
      >
        <ProfileSectionForm
          formId="onboarding/business-about"
          idPrefix="business-profile-about"
          initialAnswers={answers.about}
          widgets={ABOUT_WIDGETS}
          onSave={(body) => updateBusinessAbout(body as unknown as BusinessAboutInput)}
          onSaved={(result) => saved(result, 'About section updated.')}
          submitLabel="Save about section"
        />
      </SettingsSection>
      <Offices locations={profile.locations} onSaved={(result) => saved(result, 'Office updated.')} />
      <SettingsSection
        anchor="social-profiles"
        title="Social profiles"
        lead="Where clients can find your business elsewhere."
      >
        <ProfileSectionForm
          formId="onboarding/business-social-profiles"
          idPrefix="business-profile-social"
          initialAnswers={answers.socialProfiles}
          onSave={(body) => updateBusinessSocialProfiles(withoutBlanks(body) as unknown as BusinessSocialProfilesInput)}
          onSaved={(result) => saved(result, 'Social profiles updated.')}
          submitLabel="Save social profiles"
        />
      </SettingsSection>
      <SettingsSection
        anchor="competitors"
        title="Competitors"
        lead="Never shown on your profile: they help us match you with leads."
      >
        <ProfileSectionForm
          formId="onboarding/business-competitors"
          idPrefix="business-profile-competitors"
          initialAnswers={answers.competitors}
          onSave={(body) =>
            profile.competitors
              ? updateBusinessCompetitors(body as unknown as BusinessCompetitorsInput)
              : setBusinessCompetitors(body as unknown as BusinessCompetitorsInput)
          }
          onSaved={(result) => saved(result, 'Competitors saved.')}
          submitLabel="Save competitors"
        />
      </SettingsSection>
    </>
  );
}

/** An office as the answers of the onboarding location form: the fields never filled are left out. */
function officeAnswers(office: BusinessLocation): JsonObject {
  const { id: _id, ...fields } = office;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as JsonObject;
}

/**
 * The offices, each with an Edit button opening the onboarding location form in place (one at a
 * time). Marking an office as the headquarters moves the flag; there is no call to remove one.
 */
function Offices({ locations, onSaved }: { locations: BusinessLocation[]; onSaved: (result: unknown) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <SettingsSection anchor="offices" title="Offices" lead="Where your teams work. Your headquarters is shown first.">
      {locations.length > 0 ? (
        <OfficeList
          offices={locations}
          renderActions={(office, place) =>
            editing === office.id ? null : (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Edit office: ${place}`}
                onClick={() => setEditing(office.id)}
              >
                Edit
              </button>
            )
          }
          renderBelow={(office) =>
            editing === office.id ? (
              <ProfileSectionForm
                formId="onboarding/business-location"
                idPrefix={`business-profile-office-${office.id}`}
                initialAnswers={officeAnswers(office)}
                onSave={(body) =>
                  updateBusinessLocation(office.id, withoutBlanks(body) as unknown as BusinessLocationInput)
                }
                onSaved={(result) => {
                  setEditing(null);
                  onSaved(result);
                }}
                submitLabel="Save office"
                secondaryAction={
                  <button type="button" className="button button--secondary" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                }
              />
            ) : null
          }
        />
      ) : (
        <p>You have not added an office yet.</p>
      )}
      <Link to="/auth/su/business/location/" className="button button--secondary">
        Add an office
      </Link>
    </SettingsSection>
  );
}

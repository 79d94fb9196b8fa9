import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UiSchema } from '@rjsf/utils';
import {
  addBusinessLocation,
  addBusinessReference,
  setBusinessAbout,
  setBusinessCompetitors,
  setBusinessDetails,
  setBusinessLocations,
  setBusinessPersonalContact,
  setBusinessReferences,
  setBusinessSocialProfiles,
  updateBusinessAbout,
  updateBusinessCompetitors,
  updateBusinessDetails,
  updateBusinessPersonalContact,
  updateBusinessSocialProfiles,
  useGetBusinessProfile,
} from '@/api/generated/business/business';
import type {
  BusinessAboutInput,
  BusinessCompetitorsInput,
  BusinessDetailsInput,
  BusinessLocationInput,
  BusinessLocationsInput,
  BusinessPersonalContactInput,
  BusinessReferenceInput,
  BusinessSocialProfilesInput,
} from '@/api/generated/model';
import { uploadAttachment } from '@/api/generated/uploads/uploads';
import { ApiError } from '@/api/mutator';
import { businessSectionAnswers, type BusinessSectionAnswers } from '@/forms/profile/storedAnswers';
import { isJsonObject, type JsonObject } from '@/forms/types';
import { useAuth, type AuthUser } from '@/lib/auth';
import { OfficeList } from '@/ui/OfficeList';
import { ImagePicker } from './ImagePicker';
import { OnboardingLayout } from './OnboardingLayout';
import { startingAnswers, withoutBlanks, type OnboardingForm as LoadedStepForm } from './onboardingForms';
import { destinationAfterSkip, STEPS, type OnboardingStep } from './onboardingSteps';
import { savedAnswers } from './savedAnswers';
import { SavedStep, StepPage } from './StepPage';
import { useSaveStep, type StepAnswer } from './useSaveStep';

interface StepProps {
  form: LoadedStepForm;
}

type BusinessSection = Exclude<keyof NonNullable<AuthUser['business']>, 'companyId' | 'locations'>;

function isDone(user: AuthUser, section: BusinessSection): boolean {
  return user.business?.[section].completed ?? false;
}

/**
 * The answers a step starts from: what the server holds for a saved section, else what this tab
 * saved last and what the user says, a blank entry in required lists.
 */
function useStepAnswers(step: OnboardingStep, form: LoadedStepForm, fromUser: JsonObject = {}, stored?: JsonObject) {
  const queryClient = useQueryClient();
  return useState<JsonObject>(() =>
    startingAnswers(form.schema, { ...fromUser, ...(savedAnswers(queryClient, step.formId) ?? {}), ...(stored ?? {}) }),
  );
}

/**
 * A step reopened after its section was saved starts from what is stored: it waits for the
 * business's profile, since a form starts from what it is given once.
 */
function WithStored({
  step,
  section,
  saved,
  children,
}: {
  step: OnboardingStep;
  section: keyof BusinessSectionAnswers;
  saved: boolean;
  children: (stored: JsonObject | undefined) => ReactNode;
}) {
  // Decided when the step opens: saving it here must not swap the form for the loading state.
  const [reopened] = useState(saved);
  const profile = useGetBusinessProfile({ query: { enabled: reopened, staleTime: 0 } });
  if (reopened && !profile.data && !profile.isError) {
    return (
      <OnboardingLayout step={step}>
        <p className="onboarding-loading" role="status">
          Loading what you saved…
        </p>
      </OnboardingLayout>
    );
  }
  return <>{children(reopened ? businessSectionAnswers(profile.data?.data)[section] : undefined)}</>;
}

interface SectionStepProps<Body> extends StepProps {
  step: OnboardingStep;
  section: BusinessSection;
  idPrefix: string;
  fromUser?: JsonObject;
  set: (body: Body) => Promise<StepAnswer>;
  update?: (body: Body) => Promise<StepAnswer>;
  uiOverrides?: UiSchema;
}

/** A business step whose form is its whole body: `set` the first time, `update` once done. */
function SectionStep<Body>(props: SectionStepProps<Body>) {
  const user = useAuth().user!;
  const { step, section } = props;
  if (section === 'reviewAndReferences') return <SectionStepForm {...props} />;
  return (
    <WithStored step={step} section={section} saved={isDone(user, section)}>
      {(stored) => <SectionStepForm {...props} stored={stored} />}
    </WithStored>
  );
}

function SectionStepForm<Body>({
  form,
  step,
  section,
  idPrefix,
  fromUser,
  set,
  update,
  uiOverrides,
  stored,
}: SectionStepProps<Body> & { stored?: JsonObject }) {
  const user = useAuth().user!;
  const [answers, setAnswers] = useStepAnswers(step, form, fromUser, stored);
  return (
    <SavedStep<Body>
      step={step}
      done={isDone(user, section)}
      set={set}
      update={update}
      form={form}
      idPrefix={idPrefix}
      answers={answers}
      onChange={setAnswers}
      uiOverrides={uiOverrides}
    />
  );
}

/** Step 1: the business's details; the logo is uploaded first (`POST /uploads/attachments/`) and sent by id. */
export function BusinessDetailsStep({ form }: StepProps) {
  const user = useAuth().user!;
  return (
    <WithStored step={STEPS.businessDetails} section="details" saved={isDone(user, 'details')}>
      {(stored) => <BusinessDetailsForm form={form} stored={stored} />}
    </WithStored>
  );
}

function BusinessDetailsForm({ form, stored }: StepProps & { stored?: JsonObject }) {
  const step = STEPS.businessDetails;
  const user = useAuth().user!;
  const [answers, setAnswers] = useStepAnswers(
    step,
    form,
    user.companyname ? { companyName: user.companyname } : {},
    stored,
  );
  const [logo, setLogo] = useState<File | null>(null);
  const saving = useSaveStep(step);
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment({ file }),
    onSuccess: (response) => setAnswers((current) => ({ ...current, logo: response.data.id })),
  });
  const uploadError =
    upload.error instanceof ApiError
      ? (upload.error.fieldError('file') ?? upload.error.message)
      : upload.error
        ? 'The logo could not be uploaded. Please try again.'
        : undefined;
  const logoError = uploadError ?? saving.failure?.fields.find((error) => error.field === 'logo')?.message;

  const submit = (next: JsonObject) => {
    const body = withoutBlanks({ ...next, logo: answers.logo ?? null }) as unknown as BusinessDetailsInput;
    if (!answers.logo) delete (body as { logo?: unknown }).logo;
    saving.saveOnce(
      isDone(user, 'details'),
      () => setBusinessDetails(body),
      () => updateBusinessDetails(body),
      next,
    );
  };

  return (
    <StepPage
      step={step}
      saving={saving}
      busy={saving.busy || upload.isPending}
      form={form}
      idPrefix="business-details"
      answers={answers}
      onChange={(next) => setAnswers({ ...next, logo: answers.logo ?? null })}
      onSubmit={submit}
      extraFields={['logo']}
      extra={
        <ImagePicker
          id="business-logo"
          label="Logo"
          optional
          hint="Shown on your business profile."
          shape="square"
          currentUrl={user.profile.image}
          file={logo}
          onFile={(file) => {
            setLogo(file);
            upload.reset();
            if (file) upload.mutate(file);
            else setAnswers((current) => ({ ...current, logo: null }));
          }}
          error={logoError}
          status={upload.isPending ? 'Uploading the logo…' : upload.isSuccess ? 'Logo uploaded.' : undefined}
          disabled={saving.busy}
        />
      }
    />
  );
}

/** Step 2: the contact person, never shown publicly. */
export function PersonalContactStep({ form }: StepProps) {
  const user = useAuth().user!;
  return (
    <SectionStep<BusinessPersonalContactInput>
      form={form}
      step={STEPS.personalContact}
      section="personalContact"
      idPrefix="personal-contact"
      fromUser={{ email: user.email }}
      set={(body) => setBusinessPersonalContact(body)}
      update={(body) => updateBusinessPersonalContact(body)}
    />
  );
}

/** Step 3: services, team size, project size, rates and languages. */
export function BusinessAboutStep({ form }: StepProps) {
  return (
    <SectionStep<BusinessAboutInput>
      form={form}
      step={STEPS.about}
      section="about"
      idPrefix="business-about"
      set={(body) => setBusinessAbout(body)}
      update={(body) => updateBusinessAbout(body)}
    />
  );
}

const LOCATION_UI: UiSchema = {
  state: {
    'ui:description': 'Where the office is, when its country has states or regions.',
  },
};
const LOCATIONS_UI: UiSchema = { locations: { items: LOCATION_UI } };

/**
 * One headquarters: ticking it on one office clears it on the others; a state of the previous
 * country is cleared when the country changes.
 */
function officesChanged(previous: JsonObject, next: JsonObject): JsonObject {
  const before = Array.isArray(previous.locations) ? previous.locations : [];
  const after = Array.isArray(next.locations) ? next.locations : [];
  const offices = after.map((office, index) => {
    if (!isJsonObject(office)) return office;
    const old = before[index];
    const out: JsonObject = { ...office, isHeadquarters: office.isHeadquarters === true };
    if (isJsonObject(old) && old.country !== office.country) delete out.state;
    return out;
  });
  const marked = offices.findIndex(
    (office, index) =>
      isJsonObject(office) && office.isHeadquarters && !(isJsonObject(before[index]) && before[index].isHeadquarters),
  );
  return {
    ...next,
    locations:
      marked === -1
        ? offices
        : offices.map((office, index) =>
            isJsonObject(office) ? { ...office, isHeadquarters: index === marked } : office,
          ),
  };
}

function SavedOffices({ user }: { user: AuthUser }) {
  return <OfficeList offices={user.business?.locations ?? []} />;
}

/**
 * Step 4 (`/locations/`): the first offices, one to twenty with one headquarters, saved at once.
 * Once saved the page lists them, with a way to add another (`/location/`) and to go on.
 */
export function LocationsStep({ form }: StepProps) {
  const step = STEPS.locations;
  const user = useAuth().user!;
  const navigate = useNavigate();
  const [answers, setAnswers] = useStepAnswers(step, form);
  const saving = useSaveStep(step);
  const saved = user.business?.locations ?? [];

  if (saved.length > 0) {
    return (
      <OnboardingLayout step={step} lead="Your offices are saved. Add another one, or go on to your social profiles.">
        <SavedOffices user={user} />
        <div className="wizard-actions onboarding-actions">
          <Link to={STEPS.location.path} className="button button--secondary">
            Add an office
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void navigate({ to: destinationAfterSkip(step, user) })}
          >
            Continue
          </button>
        </div>
      </OnboardingLayout>
    );
  }

  const first = (next: JsonObject) => {
    const offices = Array.isArray(next.locations) ? next.locations : [];
    // The first office is the headquarters until another is marked.
    if (offices.length > 0 && !offices.some((office) => isJsonObject(office) && office.isHeadquarters)) {
      return {
        ...next,
        locations: offices.map((office, index) =>
          isJsonObject(office) ? { ...office, isHeadquarters: index === 0 } : office,
        ),
      };
    }
    return next;
  };

  return (
    <StepPage
      step={step}
      saving={saving}
      form={form}
      idPrefix="locations"
      answers={first(answers)}
      onChange={(next) => setAnswers(officesChanged(answers, next))}
      onSubmit={(next) => {
        const body = withoutBlanks(next) as unknown as BusinessLocationsInput;
        saving.save(() => setBusinessLocations(body), next);
      }}
      uiOverrides={LOCATIONS_UI}
    />
  );
}

/** `/location/`: one more office (`POST /account/business/locations/add/`), then back to the list. */
export function LocationStep({ form }: StepProps) {
  const step = STEPS.location;
  const [answers, setAnswers] = useState<JsonObject>(() => startingAnswers(form.schema, {}));
  const saving = useSaveStep(step, { after: STEPS.locations.path });
  return (
    <StepPage
      step={step}
      saving={saving}
      form={form}
      idPrefix="location"
      answers={answers}
      onChange={(next) => {
        // A state of the previous country is no state of this one.
        const { state: _state, ...rest } = next;
        setAnswers(next.country !== answers.country ? rest : next);
      }}
      onSubmit={(next) => {
        const body = withoutBlanks(next) as unknown as BusinessLocationInput;
        saving.save(() => addBusinessLocation(body));
      }}
      uiOverrides={LOCATION_UI}
      submitLabel="Save this office"
    />
  );
}

/** Step 5: links to the business elsewhere, at least one. */
export function SocialProfilesStep({ form }: StepProps) {
  return (
    <SectionStep<BusinessSocialProfilesInput>
      form={form}
      step={STEPS.socialProfiles}
      section="socialProfiles"
      idPrefix="social-profiles"
      set={(body) => setBusinessSocialProfiles(body)}
      update={(body) => updateBusinessSocialProfiles(body)}
    />
  );
}

/** Step 6: competitors (private); may be skipped. */
export function CompetitorsStep({ form }: StepProps) {
  return (
    <SectionStep<BusinessCompetitorsInput>
      form={form}
      step={STEPS.competitors}
      section="competitors"
      idPrefix="competitors"
      set={(body) => setBusinessCompetitors(body)}
      update={(body) => updateBusinessCompetitors(body)}
    />
  );
}

/**
 * Step 6 (alternative): references asked for reviews; may be skipped. The first ones go in one
 * call; once asked, each new one is added on its own (there is no update).
 */
export function ReviewAndReferencesStep({ form }: StepProps) {
  const user = useAuth().user!;
  const asked = isDone(user, 'reviewAndReferences');
  return (
    <SectionStep<{ references: BusinessReferenceInput[] }>
      form={form}
      step={STEPS.reviewAndReferences}
      section="reviewAndReferences"
      idPrefix="references"
      set={async (body) => {
        if (!asked) return setBusinessReferences(body);
        for (const reference of body.references) await addBusinessReference(reference);
        return { data: { nextStep: null } };
      }}
    />
  );
}

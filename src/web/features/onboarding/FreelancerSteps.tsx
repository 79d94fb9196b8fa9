import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UiSchema } from '@rjsf/utils';
import { setFreelancerServiceDetails, useGetFreelancerSettings } from '@/api/generated/freelancer/freelancer';
import type {
  FreelancerServiceDetails,
  FreelancerServiceDetailsInput,
  FreelancerSettings,
  ProviderLeadsLocationInput,
  ProviderPrimaryServiceInput,
} from '@/api/generated/model';
import {
  setLeadsLocation,
  setPrimaryService,
  updateLeadsLocation,
  updateOtherServices,
  updatePrimaryService,
  useListRemainingOtherServices,
} from '@/api/generated/provider/provider';
import type { CatalogueOption } from '@/forms/catalogueLists';
import type { JsonObject } from '@/forms/types';
import { freelancerPrimaryServiceAnswers, freelancerServiceDetailsAnswers } from '@/forms/profile/storedAnswers';
import { useCatalogueOptions } from '@/forms/useCatalogueOptions';
import { useAuth, type AuthUser } from '@/lib/auth';
import { ImagesPicker } from './ImagesPicker';
import { OnboardingLayout } from './OnboardingLayout';
import { descriptionOf, withoutBlanks, type OnboardingForm as LoadedStepForm } from './onboardingForms';
import { STEPS, type OnboardingStep } from './onboardingSteps';
import { savedAnswers } from './savedAnswers';
import { SavedStep, StepPage } from './StepPage';
import { useSaveStep } from './useSaveStep';

interface StepProps {
  form: LoadedStepForm;
}

/**
 * The answers a step starts from: what this tab saved last, then what the signed-in user says,
 * then what the server holds for the step.
 */
function useStartingAnswers(
  step: OnboardingStep,
  fromUser: JsonObject,
  stored?: JsonObject,
): [JsonObject, (next: JsonObject) => void] {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<JsonObject>(() => ({
    ...(savedAnswers(queryClient, step.formId) ?? {}),
    ...fromUser,
    ...(stored ?? {}),
  }));
  return [answers, setAnswers];
}

/**
 * A step reopened after it was saved starts from what is stored: it waits for the freelancer's
 * settings, since a form starts from what it is given once.
 */
function WithSettings({
  step,
  saved,
  children,
}: {
  step: OnboardingStep;
  saved: boolean;
  children: (settings: FreelancerSettings | undefined) => ReactNode;
}) {
  // Decided when the step opens: saving it here must not swap the form for the loading state.
  const [reopened] = useState(saved);
  const settings = useGetFreelancerSettings({ query: { enabled: reopened, staleTime: 0 } });
  if (reopened && !settings.data && !settings.isError) {
    return (
      <OnboardingLayout step={step}>
        <p className="onboarding-loading" role="status">
          Loading what you saved…
        </p>
      </OnboardingLayout>
    );
  }
  return <>{children(reopened ? settings.data?.data : undefined)}</>;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Step 1: the primary service and up to five of its specialities; `PUT …/update/` once it is set. */
export function PrimaryServiceStep({ form }: StepProps) {
  const user = useAuth().user!;
  return (
    <WithSettings step={STEPS.primaryService} saved={user.primaryService !== null}>
      {(settings) => (
        <PrimaryServiceForm form={form} stored={freelancerPrimaryServiceAnswers(settings?.primaryService)} />
      )}
    </WithSettings>
  );
}

function PrimaryServiceForm({ form, stored }: StepProps & { stored?: JsonObject }) {
  const step = STEPS.primaryService;
  const user = useAuth().user!;
  const [answers, setAnswers] = useStartingAnswers(
    step,
    user.primaryService ? { serviceSlug: user.primaryService.slug } : {},
    stored,
  );
  const subFamilies = useCatalogueOptions('service-sub-family');
  const family = typeof answers.serviceSlug === 'string' ? answers.serviceSlug : null;

  const uiOverrides = useMemo<UiSchema>(() => {
    const choices = family ? (subFamilies.data ?? []).filter((o) => String(o.value).startsWith(`${family}/`)) : [];
    return {
      subServiceSlugs: {
        'ui:options': {
          choices,
          emptyText: family
            ? subFamilies.isPending
              ? 'Loading the specialities…'
              : 'This service has no specialities: you offer all of it.'
            : 'Choose a service first.',
        },
      },
    };
  }, [family, subFamilies.data, subFamilies.isPending]);

  const change = (next: JsonObject) => {
    // Specialities belong to one service: changing the service keeps only its own.
    const service = typeof next.serviceSlug === 'string' ? next.serviceSlug : '';
    const kept = strings(next.subServiceSlugs).filter((slug) => slug.startsWith(`${service}/`));
    setAnswers({ ...next, subServiceSlugs: kept });
  };

  return (
    <SavedStep<ProviderPrimaryServiceInput>
      step={step}
      done={user.primaryService !== null}
      set={setPrimaryService}
      update={updatePrimaryService}
      form={form}
      idPrefix="primary-service"
      answers={answers}
      onChange={change}
      uiOverrides={uiOverrides}
    />
  );
}

function leadsAnswers(user: AuthUser): JsonObject {
  const location = user.leadsLocation;
  if (!location) return {};
  const answers: JsonObject = { type: location.type };
  if (location.type === 'custom' && location.country) answers.country = location.country;
  if (location.type === 'custom' && location.state) answers.state = location.state;
  return answers;
}

/** Worldwide leads send only the type; a custom location its country and state. */
const leadsBody = (answers: JsonObject) =>
  withoutBlanks(answers.type === 'custom' ? answers : { type: answers.type ?? 'worldwide' });

/** Step 2: worldwide, or "My Location Only" with a country and, if wanted, one of its states. */
export function LeadsStep({ form }: StepProps) {
  const step = STEPS.leads;
  const user = useAuth().user!;
  const [answers, setAnswers] = useStartingAnswers(step, leadsAnswers(user));

  const change = (next: JsonObject) => {
    const out = { ...next };
    // A state of the previous country is no state of this one.
    if (out.country !== answers.country) delete out.state;
    if (out.type !== 'custom') {
      delete out.country;
      delete out.state;
    }
    setAnswers(out);
  };

  return (
    <SavedStep<ProviderLeadsLocationInput>
      step={step}
      done={user.leadsLocation !== null}
      set={setLeadsLocation}
      update={updateLeadsLocation}
      toBody={leadsBody}
      form={form}
      idPrefix="leads"
      answers={answers}
      onChange={change}
    />
  );
}

/** Step 3: up to five more services, from the ones still free and those already chosen (`PATCH`). */
export function OtherServicesStep({ form }: StepProps) {
  const step = STEPS.otherServices;
  const user = useAuth().user!;
  const [answers, setAnswers] = useStartingAnswers(step, {
    serviceSlugs: user.otherServices.map((service) => service.slug),
  });
  const saving = useSaveStep(step);
  const remaining = useListRemainingOtherServices({ query: { staleTime: 0 } });

  const choices = useMemo<CatalogueOption[] | undefined>(() => {
    if (!remaining.data) return undefined;
    const chosen = user.otherServices.map((service) => ({ value: service.slug, label: service.name }));
    const free = remaining.data.data.map((option) => ({ value: option.slug, label: option.label }));
    const known = new Set(free.map((option) => option.value));
    return [...free, ...chosen.filter((option) => !known.has(option.value))];
  }, [remaining.data, user.otherServices]);

  const uiOverrides = useMemo<UiSchema>(
    () => ({
      serviceSlugs: {
        'ui:options': { choices: choices ?? [], emptyText: 'You already offer every service.' },
      },
    }),
    [choices],
  );

  const submit = (next: JsonObject) => {
    const serviceSlugs = strings(next.serviceSlugs);
    saving.save(() => updateOtherServices({ serviceSlugs }), { serviceSlugs });
  };

  if (remaining.isPending || remaining.isError) {
    return (
      <OnboardingLayout step={step} lead={descriptionOf(form)}>
        {remaining.isPending ? (
          <p className="onboarding__loading" role="status">
            Loading the services…
          </p>
        ) : (
          <div className="form-alert form-alert--error" role="alert">
            <p>The services could not be loaded.</p>
            <button type="button" className="button button--secondary" onClick={() => void remaining.refetch()}>
              Try again
            </button>
          </div>
        )}
      </OnboardingLayout>
    );
  }

  return (
    <StepPage
      step={step}
      saving={saving}
      form={form}
      idPrefix="other-services"
      answers={answers}
      onChange={setAnswers}
      onSubmit={submit}
      uiOverrides={uiOverrides}
      submitLabel={strings(answers.serviceSlugs).length ? 'Save and continue' : 'Continue without other services'}
    />
  );
}

/** The services the freelancer offers, the primary first: what service details can describe. */
function myServices(user: AuthUser): CatalogueOption[] {
  const all = [user.primaryService, ...user.otherServices].filter((service) => service !== null);
  return all.map((service, index) => ({
    value: service.slug,
    label: index === 0 ? `${service.name} (primary)` : service.name,
  }));
}

/**
 * The service details heading names what is being described: the primary service, another of
 * the freelancer's services by its name, or any one of them while none is chosen.
 */
export function serviceDetailsTitle(user: AuthUser, serviceSlug: unknown): string {
  if (user.primaryService && user.primaryService.slug === serviceSlug) return STEPS.serviceDetails.title;
  const other = user.otherServices.find((service) => service.slug === serviceSlug);
  return other ? `Describe your ${other.name} service` : 'Describe one of your services';
}

/** The fields of the service details form that belong to one service (all but the sample project). */
const DETAIL_FIELDS = ['description', 'hourlyRate', 'currency', 'yearsOfExperience', 'tools'];

/** Step 4: the details of a service with sample images, which become its first project (multipart). */
export function ServiceDetailsStep({ form }: StepProps) {
  const user = useAuth().user!;
  // Details are saved with a service's first project: without one there is nothing stored.
  const saved = [user.primaryService, ...user.otherServices].some((service) => service?.project);
  return (
    <WithSettings step={STEPS.serviceDetails} saved={saved}>
      {(settings) => <ServiceDetailsForm form={form} stored={settings?.services} />}
    </WithSettings>
  );
}

function ServiceDetailsForm({ form, stored }: StepProps & { stored?: FreelancerServiceDetails[] }) {
  const step = STEPS.serviceDetails;
  const user = useAuth().user!;
  const storedOf = (slug: unknown) => stored?.find((service) => service.service.slug === slug);
  const primarySlug = user.primaryService?.slug;
  const [answers, setAnswers] = useStartingAnswers(
    step,
    primarySlug ? { serviceSlug: primarySlug } : {},
    freelancerServiceDetailsAnswers(storedOf(primarySlug)),
  );
  const [images, setImages] = useState<File[]>([]);
  const [imagesMissing, setImagesMissing] = useState(false);
  const saving = useSaveStep(step);
  const services = useMemo(() => myServices(user), [user]);
  const uiOverrides = useMemo<UiSchema>(() => ({ serviceSlug: { 'ui:options': { choices: services } } }), [services]);

  const chosen = [user.primaryService, ...user.otherServices].find((service) => service?.slug === answers.serviceSlug);
  const needsImages = Boolean(chosen && !chosen.project);
  const storedProject = storedOf(answers.serviceSlug)?.project;

  const change = (next: JsonObject) => {
    if (!stored || next.serviceSlug === answers.serviceSlug) {
      setAnswers(next);
      return;
    }
    // Another service: its own stored details, or blanks, rather than the previous service's.
    const out = { ...next };
    for (const field of DETAIL_FIELDS) delete out[field];
    setAnswers({ ...out, ...(freelancerServiceDetailsAnswers(storedOf(next.serviceSlug)) ?? {}) });
  };
  const imagesError =
    (imagesMissing ? 'Add at least one sample image: it becomes the first project of this service.' : undefined) ??
    saving.failure?.fields.find((error) => error.field.startsWith('images'))?.message;

  const submit = (next: JsonObject) => {
    const missing = needsImages && images.length === 0;
    setImagesMissing(missing);
    if (missing) {
      document.getElementById('service-images')?.focus();
      return;
    }
    const fields = withoutBlanks(next);
    // Without images there is no sample project: its fields would only be refused.
    if (images.length === 0) {
      for (const field of ['projectTitle', 'projectDescription', 'projectStartedOn', 'projectCompletedOn']) {
        delete fields[field];
      }
    }
    const body = { ...fields, ...(images.length ? { images } : {}) } as unknown as FreelancerServiceDetailsInput;
    saving.save(() => setFreelancerServiceDetails(body), next);
  };

  return (
    <StepPage
      step={{ ...step, title: serviceDetailsTitle(user, answers.serviceSlug) }}
      saving={saving}
      form={form}
      idPrefix="service-details"
      answers={answers}
      onChange={change}
      onSubmit={submit}
      uiOverrides={uiOverrides}
      extraFields={['images']}
      submitLabel="Save and finish"
      extra={
        <ImagesPicker
          id="service-images"
          label="Sample images"
          hint={
            needsImages
              ? 'Up to 8 images of your work; they become the first project of this service, under the title above.'
              : storedProject
                ? `Your sample project “${storedProject.title}” is saved with this service. Optional: up to 8 more images of your work, saved as a new project of this service.`
                : 'Optional: up to 8 images of your work, saved as a new project of this service.'
          }
          files={images}
          onFiles={(files) => {
            setImages(files);
            setImagesMissing(false);
          }}
          error={imagesError}
          disabled={saving.busy}
        />
      }
    />
  );
}

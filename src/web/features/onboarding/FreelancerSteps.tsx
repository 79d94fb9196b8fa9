import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UiSchema } from '@rjsf/utils';
import { setFreelancerServiceDetails } from '@/api/generated/freelancer/freelancer';
import type {
  FreelancerServiceDetailsInput,
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

/** The answers a step starts from: what this tab saved last, then what the signed-in user says. */
function useStartingAnswers(step: OnboardingStep, fromUser: JsonObject): [JsonObject, (next: JsonObject) => void] {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<JsonObject>(() => ({
    ...(savedAnswers(queryClient, step.formId) ?? {}),
    ...fromUser,
  }));
  return [answers, setAnswers];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Step 1: the primary service and up to five of its specialities; `PUT …/update/` once it is set. */
export function PrimaryServiceStep({ form }: StepProps) {
  const step = STEPS.primaryService;
  const user = useAuth().user!;
  const [answers, setAnswers] = useStartingAnswers(
    step,
    user.primaryService ? { serviceSlug: user.primaryService.slug } : {},
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

/** Step 4: the details of a service with sample images, which become its first project (multipart). */
export function ServiceDetailsStep({ form }: StepProps) {
  const step = STEPS.serviceDetails;
  const user = useAuth().user!;
  const [answers, setAnswers] = useStartingAnswers(
    step,
    user.primaryService ? { serviceSlug: user.primaryService.slug } : {},
  );
  const [images, setImages] = useState<File[]>([]);
  const [imagesMissing, setImagesMissing] = useState(false);
  const saving = useSaveStep(step);
  const services = useMemo(() => myServices(user), [user]);
  const uiOverrides = useMemo<UiSchema>(() => ({ serviceSlug: { 'ui:options': { choices: services } } }), [services]);

  const chosen = [user.primaryService, ...user.otherServices].find((service) => service?.slug === answers.serviceSlug);
  const needsImages = Boolean(chosen && !chosen.project);
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
      step={step}
      saving={saving}
      form={form}
      idPrefix="service-details"
      answers={answers}
      onChange={setAnswers}
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

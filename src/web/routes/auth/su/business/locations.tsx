import { createFileRoute } from '@tanstack/react-router';
import { LocationsStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/locations')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.locations.formId),
  component: LocationsStepRoute,
});

function LocationsStepRoute() {
  return <LocationsStep form={Route.useLoaderData()} />;
}

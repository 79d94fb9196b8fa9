import { createFileRoute } from '@tanstack/react-router';
import { LocationStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/location')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.location.formId),
  component: LocationStepRoute,
});

function LocationStepRoute() {
  return <LocationStep form={Route.useLoaderData()} />;
}

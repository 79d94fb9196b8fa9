import { createFileRoute } from '@tanstack/react-router';
import { ServiceDetailsStep } from '@/features/onboarding/FreelancerSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/freelancer/service-details')({
  beforeLoad: signedInAs('freelancer'),
  loader: () => loadOnboardingForm(STEPS.serviceDetails.formId),
  component: ServiceDetailsStepRoute,
});

function ServiceDetailsStepRoute() {
  return <ServiceDetailsStep form={Route.useLoaderData()} />;
}

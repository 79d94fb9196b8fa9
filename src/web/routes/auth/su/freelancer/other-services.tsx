import { createFileRoute } from '@tanstack/react-router';
import { OtherServicesStep } from '@/features/onboarding/FreelancerSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/freelancer/other-services')({
  beforeLoad: signedInAs('freelancer'),
  loader: () => loadOnboardingForm(STEPS.otherServices.formId),
  component: OtherServicesStepRoute,
});

function OtherServicesStepRoute() {
  return <OtherServicesStep form={Route.useLoaderData()} />;
}

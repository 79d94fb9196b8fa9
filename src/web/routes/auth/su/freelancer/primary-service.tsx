import { createFileRoute } from '@tanstack/react-router';
import { PrimaryServiceStep } from '@/features/onboarding/FreelancerSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/freelancer/primary-service')({
  beforeLoad: signedInAs('freelancer'),
  loader: () => loadOnboardingForm(STEPS.primaryService.formId),
  component: PrimaryServiceStepRoute,
});

function PrimaryServiceStepRoute() {
  return <PrimaryServiceStep form={Route.useLoaderData()} />;
}

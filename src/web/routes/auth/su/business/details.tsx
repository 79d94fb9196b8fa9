import { createFileRoute } from '@tanstack/react-router';
import { BusinessDetailsStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/details')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.businessDetails.formId),
  component: BusinessDetailsStepRoute,
});

function BusinessDetailsStepRoute() {
  return <BusinessDetailsStep form={Route.useLoaderData()} />;
}

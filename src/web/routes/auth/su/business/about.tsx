import { createFileRoute } from '@tanstack/react-router';
import { BusinessAboutStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/about')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.about.formId),
  component: BusinessAboutStepRoute,
});

function BusinessAboutStepRoute() {
  return <BusinessAboutStep form={Route.useLoaderData()} />;
}

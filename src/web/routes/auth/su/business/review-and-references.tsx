import { createFileRoute } from '@tanstack/react-router';
import { ReviewAndReferencesStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/review-and-references')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.reviewAndReferences.formId),
  component: ReviewAndReferencesStepRoute,
});

function ReviewAndReferencesStepRoute() {
  return <ReviewAndReferencesStep form={Route.useLoaderData()} />;
}

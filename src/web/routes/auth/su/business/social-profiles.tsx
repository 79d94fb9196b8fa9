import { createFileRoute } from '@tanstack/react-router';
import { SocialProfilesStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/social-profiles')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.socialProfiles.formId),
  component: SocialProfilesStepRoute,
});

function SocialProfilesStepRoute() {
  return <SocialProfilesStep form={Route.useLoaderData()} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { ProfileStep } from '@/features/onboarding/ProfileStep';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/profile')({
  beforeLoad: signedIn,
  loader: () => loadOnboardingForm(STEPS.profile.formId),
  component: ProfileStepRoute,
});

function ProfileStepRoute() {
  return <ProfileStep form={Route.useLoaderData()} />;
}

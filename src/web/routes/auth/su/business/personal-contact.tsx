import { createFileRoute } from '@tanstack/react-router';
import { PersonalContactStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/personal-contact')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.personalContact.formId),
  component: PersonalContactStepRoute,
});

function PersonalContactStepRoute() {
  return <PersonalContactStep form={Route.useLoaderData()} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { CompetitorsStep } from '@/features/onboarding/BusinessSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/business/competitors')({
  beforeLoad: signedInAs('business'),
  loader: () => loadOnboardingForm(STEPS.competitors.formId),
  component: CompetitorsStepRoute,
});

function CompetitorsStepRoute() {
  return <CompetitorsStep form={Route.useLoaderData()} />;
}

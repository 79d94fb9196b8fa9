import { createFileRoute } from '@tanstack/react-router';
import { LeadsStep } from '@/features/onboarding/FreelancerSteps';
import { loadOnboardingForm } from '@/features/onboarding/onboardingForms';
import { STEPS } from '@/features/onboarding/onboardingSteps';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/freelancer/leads')({
  beforeLoad: signedInAs('freelancer'),
  loader: () => loadOnboardingForm(STEPS.leads.formId),
  component: LeadsStepRoute,
});

function LeadsStepRoute() {
  return <LeadsStep form={Route.useLoaderData()} />;
}

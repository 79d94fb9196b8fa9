import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/freelancer/primary-service')({
  beforeLoad: signedInAs('freelancer'),
  component: ChooseYourPrimaryServicePage,
});

function ChooseYourPrimaryServicePage() {
  return <ComingSoon title="Choose your primary service" />;
}

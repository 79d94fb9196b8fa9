import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/freelancer/service-details')({
  beforeLoad: signedInAs('freelancer'),
  component: DescribeYourPrimaryServicePage,
});

function DescribeYourPrimaryServicePage() {
  return <ComingSoon title="Describe your primary service" />;
}

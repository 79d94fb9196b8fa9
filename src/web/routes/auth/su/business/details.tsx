import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/details')({
  beforeLoad: signedInAs('business'),
  component: CompanyDetailsPage,
});

function CompanyDetailsPage() {
  return <ComingSoon title="Company details" />;
}

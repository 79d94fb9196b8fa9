import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/freelancer/other-services')({
  beforeLoad: signedInAs('freelancer'),
  component: OtherServicesYouOfferPage,
});

function OtherServicesYouOfferPage() {
  return <ComingSoon title="Other services you offer" />;
}

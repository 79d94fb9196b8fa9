import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/locations')({
  beforeLoad: signedInAs('business'),
  component: YourLocationsPage,
});

function YourLocationsPage() {
  return <ComingSoon title="Your locations" />;
}

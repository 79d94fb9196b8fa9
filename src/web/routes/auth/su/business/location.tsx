import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/location')({
  beforeLoad: signedInAs('business'),
  component: AddALocationPage,
});

function AddALocationPage() {
  return <ComingSoon title="Add a location" />;
}

import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/social-profiles')({
  beforeLoad: signedInAs('business'),
  component: SocialProfilesPage,
});

function SocialProfilesPage() {
  return <ComingSoon title="Social profiles" />;
}

import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/personal-contact')({
  beforeLoad: signedInAs('business'),
  component: PersonalContactPage,
});

function PersonalContactPage() {
  return <ComingSoon title="Personal contact" />;
}

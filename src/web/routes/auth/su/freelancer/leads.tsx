import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/freelancer/leads')({
  beforeLoad: signedInAs('freelancer'),
  component: WhereDoYouWantLeadsFromPage,
});

function WhereDoYouWantLeadsFromPage() {
  return <ComingSoon title="Where do you want leads from?" />;
}

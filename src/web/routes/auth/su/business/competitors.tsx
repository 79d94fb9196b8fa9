import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/competitors')({
  beforeLoad: signedInAs('business'),
  component: CompetitorsPage,
});

function CompetitorsPage() {
  return <ComingSoon title="Competitors" />;
}

import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon';

export const Route = createFileRoute('/unsubscribe')({
  component: UnsubscribeFromEmailsPage,
});

function UnsubscribeFromEmailsPage() {
  return <ComingSoon title="Unsubscribe from emails" />;
}

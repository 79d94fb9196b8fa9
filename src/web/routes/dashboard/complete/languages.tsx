import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/complete/languages')({
  beforeLoad: signedIn,
  component: AddYourLanguagesPage,
});

function AddYourLanguagesPage() {
  return <ComingSoon title="Add your languages" back="dashboard" />;
}

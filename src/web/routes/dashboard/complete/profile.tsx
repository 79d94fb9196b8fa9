import { createFileRoute } from '@tanstack/react-router';
import { CompleteSectionPage } from '@/features/profile-completion/CompleteSectionPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/complete/profile')({
  beforeLoad: signedIn,
  component: CompleteYourProfilePage,
});

function CompleteYourProfilePage() {
  return <CompleteSectionPage section="profile" />;
}

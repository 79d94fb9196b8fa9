import { createFileRoute } from '@tanstack/react-router';
import { CompleteSectionPage } from '@/features/profile-completion/CompleteSectionPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/complete/education')({
  beforeLoad: signedIn,
  component: AddYourEducationPage,
});

function AddYourEducationPage() {
  return <CompleteSectionPage section="education" />;
}

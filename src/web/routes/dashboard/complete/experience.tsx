import { createFileRoute } from '@tanstack/react-router';
import { CompleteSectionPage } from '@/features/profile-completion/CompleteSectionPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/complete/experience')({
  beforeLoad: signedIn,
  component: AddYourExperiencePage,
});

function AddYourExperiencePage() {
  return <CompleteSectionPage section="experience" />;
}

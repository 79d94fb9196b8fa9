import { createFileRoute } from '@tanstack/react-router';
import { CompleteSectionPage } from '@/features/profile-completion/CompleteSectionPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/complete/languages')({
  beforeLoad: signedIn,
  component: AddYourLanguagesPage,
});

function AddYourLanguagesPage() {
  return <CompleteSectionPage section="languages" />;
}

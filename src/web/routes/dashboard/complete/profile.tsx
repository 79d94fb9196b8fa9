import { createFileRoute } from '@tanstack/react-router';
import { CompleteSectionPage, prefetchCompleteSection } from '@/features/profile-completion/CompleteSectionPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/complete/profile')({
  beforeLoad: signedIn,
  // What the section's form starts from, as CompleteSectionPage asks for it for this account.
  loader: ({ context: { queryClient, auth } }) => prefetchCompleteSection(queryClient, auth.user, 'profile'),
  component: CompleteYourProfilePage,
});

function CompleteYourProfilePage() {
  return <CompleteSectionPage section="profile" />;
}

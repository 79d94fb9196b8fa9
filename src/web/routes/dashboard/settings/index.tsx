import { createFileRoute } from '@tanstack/react-router';
import { prefetchReferences, ReviewsAndReferencesSection } from '@/features/reviews/ReviewsAndReferencesSection';
import { prefetchSettings, SettingsPage } from '@/features/settings/SettingsPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/settings/')({
  beforeLoad: signedIn,
  // The saved sections of the account's type, the email preferences and a freelancer's review
  // requests, as the sections ask for them; a failed call is the section's to show.
  loader: ({ context: { queryClient, auth } }) =>
    Promise.all([
      prefetchSettings(queryClient, auth.user?.accountType),
      auth.user?.accountType === 'freelancer' && prefetchReferences(queryClient),
    ]),
  component: Settings,
});

function Settings() {
  return <SettingsPage reviews={<ReviewsAndReferencesSection />} />;
}

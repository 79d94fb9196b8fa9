import { createFileRoute } from '@tanstack/react-router';
import { ReviewsAndReferencesSection } from '@/features/reviews/ReviewsAndReferencesSection';
import { SettingsPage } from '@/features/settings/SettingsPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/settings/')({
  beforeLoad: signedIn,
  component: Settings,
});

function Settings() {
  return <SettingsPage reviews={<ReviewsAndReferencesSection />} />;
}

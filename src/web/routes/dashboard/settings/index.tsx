import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/SettingsPage';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/settings/')({
  beforeLoad: signedIn,
  component: SettingsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { BusinessProfilePage } from '@/features/settings/BusinessProfilePage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/business/profile')({
  beforeLoad: signedInAs('business'),
  component: BusinessProfilePage,
});

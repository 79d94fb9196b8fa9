import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '@/features/provider-dashboard/ServicesPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/')({
  beforeLoad: signedInAs('freelancer'),
  component: ServicesPage,
});

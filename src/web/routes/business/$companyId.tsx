import { createFileRoute } from '@tanstack/react-router';
import { BusinessProfilePage } from '@/features/profiles/BusinessProfilePage';

export const Route = createFileRoute('/business/$companyId')({
  component: BusinessProfileRoute,
});

function BusinessProfileRoute() {
  const { companyId } = Route.useParams();
  return <BusinessProfilePage companyId={companyId} />;
}

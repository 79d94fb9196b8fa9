import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/find/$service/businesses')({
  component: FindBusinessesByServicePage,
});

function FindBusinessesByServicePage() {
  return <ComingSoon title="Find businesses by service" />;
}

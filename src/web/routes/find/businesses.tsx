import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';

export const Route = createFileRoute('/find/businesses')({
  component: FindBusinessesPage,
});

function FindBusinessesPage() {
  return <ComingSoon title="Find businesses" />;
}

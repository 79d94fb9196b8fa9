import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';

export const Route = createFileRoute('/find/professionals')({
  component: FindProfessionalsPage,
});

function FindProfessionalsPage() {
  return <ComingSoon title="Find professionals" />;
}

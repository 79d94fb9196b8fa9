import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/backup/$')({
  component: ArchivedPagePage,
});

function ArchivedPagePage() {
  return <ComingSoon title="Archived page" />;
}

import { createFileRoute } from '@tanstack/react-router';
import { RequestChooser } from '@/features/requests/RequestChooser';

export const Route = createFileRoute('/request/new/')({
  component: RequestChooser,
});

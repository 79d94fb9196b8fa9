import { createFileRoute } from '@tanstack/react-router';
import { RequestChooser } from '@/features/requests/RequestChooser';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/request/new/')({
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: RequestChooser,
});

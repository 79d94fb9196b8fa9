import { createFileRoute } from '@tanstack/react-router';
import { RequestChooser } from '@/features/requests/RequestChooser';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/request/new/')({
  // The loader stays in the entry chunk, so the call leaves while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: RequestChooser,
});

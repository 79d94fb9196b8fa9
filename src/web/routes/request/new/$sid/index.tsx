import { createFileRoute } from '@tanstack/react-router';
import { SubFamilyChooser } from '@/features/requests/RequestChooser';
import { RequestWizard } from '@/features/requests/RequestWizard';
import { loadFamilyPage } from '@/features/requests/routeData';
import { selectedToolSearch } from '@/features/requests/search';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/request/new/$sid/')({
  validateSearch: selectedToolSearch,
  loader: async ({ params, context }) => {
    const [page] = await Promise.all([loadFamilyPage(params.sid), prefetchServiceFamilies(context.queryClient)]);
    return page;
  },
  component: FamilyRequestRoute,
});

function FamilyRequestRoute() {
  const { family, form } = Route.useLoaderData();
  const { selectedTool } = Route.useSearch();
  if (!form) return <SubFamilyChooser family={family} />;
  return <RequestWizard key={form.entry.id} form={form} selectedTool={selectedTool} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { SubFamilyChooser } from '@/features/requests/RequestChooser';
import { RequestWizard } from '@/features/requests/RequestWizard';
import { loadFamilyPage, selectedToolSearch } from '@/features/requests/routeData';

export const Route = createFileRoute('/request/new/$sid/')({
  validateSearch: selectedToolSearch,
  loader: ({ params }) => loadFamilyPage(params.sid),
  component: FamilyRequestRoute,
});

function FamilyRequestRoute() {
  const { family, form } = Route.useLoaderData();
  const { selectedTool } = Route.useSearch();
  if (!form) return <SubFamilyChooser family={family} />;
  return <RequestWizard key={form.entry.id} form={form} selectedTool={selectedTool} />;
}

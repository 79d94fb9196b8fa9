import { createFileRoute } from '@tanstack/react-router';
import { RequestWizard } from '@/features/requests/RequestWizard';
import { loadSubFamilyForm } from '@/features/requests/routeData';
import { selectedToolSearch } from '@/features/requests/search';

export const Route = createFileRoute('/request/new/$sid/$ssid')({
  validateSearch: selectedToolSearch,
  loader: ({ params }) => loadSubFamilyForm(params.sid, params.ssid),
  component: SubFamilyRequestRoute,
});

function SubFamilyRequestRoute() {
  const form = Route.useLoaderData();
  const { selectedTool } = Route.useSearch();
  return <RequestWizard key={form.entry.id} form={form} selectedTool={selectedTool} />;
}

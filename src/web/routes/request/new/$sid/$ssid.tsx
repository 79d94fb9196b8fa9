import { createFileRoute } from '@tanstack/react-router';
import { RequestWizard } from '@/features/requests/RequestWizard';
import { loadSubFamilyForm, selectedToolSearch } from '@/features/requests/routeData';

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

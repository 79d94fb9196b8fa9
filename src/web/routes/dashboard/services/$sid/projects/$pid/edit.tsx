import { createFileRoute } from '@tanstack/react-router';
import { getGetFreelancerProjectQueryOptions } from '@/api/generated/freelancer/freelancer';
import { EditProjectPage as EditProject } from '@/features/provider-dashboard/ProjectFormPage';
import { prefetchProjectSizes } from '@/features/provider-dashboard/ProjectSizeWidget';
import { signedInAs } from '@/lib/guards';
import { LOADER_READ } from '@/lib/loaderRead';

export const Route = createFileRoute('/dashboard/services/$sid/projects/$pid/edit')({
  beforeLoad: signedInAs('freelancer'),
  // The project, as EditProjectPage asks for it, and the sizes its form's size field is worded
  // by; a project that is not there (404) is the page's to say.
  loader: ({ context: { queryClient }, params: { pid } }) =>
    Promise.all([
      queryClient.prefetchQuery(getGetFreelancerProjectQueryOptions(pid, LOADER_READ)),
      prefetchProjectSizes(queryClient),
    ]),
  component: EditProjectPage,
});

function EditProjectPage() {
  const { sid, pid } = Route.useParams();
  return <EditProject key={pid} serviceSlug={sid} projectId={pid} />;
}

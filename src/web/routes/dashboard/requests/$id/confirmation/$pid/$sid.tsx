import { createFileRoute } from '@tanstack/react-router';
import { HireConfirmationPage } from '@/features/dashboard-requests/HireConfirmationPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/$id/confirmation/$pid/$sid')({
  beforeLoad: signedInAs('client'),
  component: ConfirmYourHirePage,
});

function ConfirmYourHirePage() {
  const { id, pid, sid } = Route.useParams();
  return (
    <div className="container request-details">
      <HireConfirmationPage id={id} pid={pid} sid={sid} />
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/profile')({
  beforeLoad: signedIn,
  component: AddAProfilePhotoPage,
});

function AddAProfilePhotoPage() {
  return <ComingSoon title="Add a profile photo" />;
}

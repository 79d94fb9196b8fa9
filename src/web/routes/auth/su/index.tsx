import { createFileRoute } from '@tanstack/react-router';
import { guards, requireSignIn, resumeOnboarding } from '@/lib/guards';

export const Route = createFileRoute('/auth/su/')({
  beforeLoad: guards(requireSignIn, resumeOnboarding),
});

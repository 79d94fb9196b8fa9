import { createFileRoute } from '@tanstack/react-router';
import { redirectTo } from '@/lib/guards';
import { PATHS } from '@/lib/paths';

export const Route = createFileRoute('/dashboard/message/all')({
  beforeLoad: redirectTo(PATHS.messages),
});

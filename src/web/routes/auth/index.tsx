import { createFileRoute } from '@tanstack/react-router';
import { redirectTo } from '@/lib/guards';
import { PATHS } from '@/lib/paths';

export const Route = createFileRoute('/auth/')({
  beforeLoad: redirectTo(PATHS.login),
});

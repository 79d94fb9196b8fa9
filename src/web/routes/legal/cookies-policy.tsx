import { createFileRoute } from '@tanstack/react-router';
import { CookiesPolicyPage } from '@/features/content/CookiesPolicyPage';

export const Route = createFileRoute('/legal/cookies-policy')({
  component: CookiesPolicyPage,
});

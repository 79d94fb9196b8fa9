import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/content/TermsPage';

export const Route = createFileRoute('/legal/terms')({
  component: TermsPage,
});

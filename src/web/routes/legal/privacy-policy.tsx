import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '@/features/content/PrivacyPolicyPage';

export const Route = createFileRoute('/legal/privacy-policy')({
  component: PrivacyPolicyPage,
});

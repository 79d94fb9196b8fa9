import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '../features/content/HelpCenterPage';

export const Route = createFileRoute('/help-center')({
  component: HelpCenterPage,
});

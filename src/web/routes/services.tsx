import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '../features/content/ServicesPage';

export const Route = createFileRoute('/services')({
  component: ServicesPage,
});

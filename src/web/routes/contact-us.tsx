import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/content/ContactPage';

export const Route = createFileRoute('/contact-us')({
  component: ContactPage,
});

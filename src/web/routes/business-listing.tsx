import { createFileRoute } from '@tanstack/react-router';
import { BusinessListingPage } from '../features/directory/BusinessListingPage';

export const Route = createFileRoute('/business-listing')({
  component: BusinessListingPage,
});

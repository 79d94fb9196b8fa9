import { createFileRoute } from '@tanstack/react-router';

// Every auth and onboarding screen uses the logo-only header.
export const Route = createFileRoute('/auth')({
  staticData: { layout: 'minimal' },
});

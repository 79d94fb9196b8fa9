import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../features/unsubscribe/UnsubscribePage';

/** The token of an email's unsubscribe link; anything else is dropped. */
function unsubscribeSearch(search: Record<string, unknown>): { token?: string } {
  const token = search.token;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(token) ? { token } : {};
}

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: unsubscribeSearch,
  component: UnsubscribeFromEmailsPage,
});

function UnsubscribeFromEmailsPage() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}

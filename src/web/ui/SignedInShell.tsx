/**
 * The parts of the page frame only a signed-in user sees or needs: the account area of the site
 * header (Dashboard and the account menu) and the live message updates. The shell loads them
 * when someone is signed in, so a visitor's first screen does not download them.
 */
import { Link } from '@tanstack/react-router';
import type { AuthUser } from '../lib/auth';
import { useMessageEvents } from '../lib/messageEvents';
import { AUTH_LINKS } from './navigation';
import { UserMenu } from './UserMenu';

export function SignedInAccount({ user }: { user: AuthUser }) {
  return (
    <>
      <Link to={AUTH_LINKS.dashboard.to} className="button button--primary button--small">
        {AUTH_LINKS.dashboard.label}
      </Link>
      <UserMenu user={user} />
    </>
  );
}

/** One live stream per tab while signed in keeps the messages and the unread badge current. */
export function LiveMessages() {
  useMessageEvents();
  return null;
}

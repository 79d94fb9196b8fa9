import { Link, linkOptions } from '@tanstack/react-router';
import { useGetVersigemsBalance } from '../api/generated/payments/payments';
import type { AuthUser } from '../lib/auth';
import { useUnreadConversations } from '../lib/messageEvents';
import { onboardingTarget } from '../lib/onboarding';
import { PATHS } from '../lib/paths';
import { useSignOut } from '../lib/useSignOut';
import { useDisclosureMenu } from './useDisclosureMenu';

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** "3 unread conversations": the badge's words for screen readers. */
export function unreadConversationsText(count: number): string {
  return count === 1 ? '1 unread conversation' : `${count} unread conversations`;
}

/** The unread-conversations count as a small pill; nothing when there is none. */
function UnreadBadge({ count, className }: { count: number | null; className: string }) {
  if (!count) return null;
  return (
    <span className={className}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{`, ${unreadConversationsText(count)}`}</span>
    </span>
  );
}

function Avatar({ user }: { user: AuthUser }) {
  const image = user.profile.image ?? user.social.image;
  return (
    <span className="user-menu__avatar" aria-hidden="true">
      {image ? <img src={image} alt="" width={32} height={32} /> : initialsOf(user.displayName)}
    </span>
  );
}

/**
 * The links of the account menu for `user`'s account type, before Sign out: the public profile
 * of a provider (once onboarding has made it public), the dashboard pages the spec gives that
 * type (requests for clients, services for freelancers, the profile editor and the plans for businesses), the
 * proposals of freelancers and businesses, Messages (every account type), then Settings.
 */
export function accountMenuLinks(user: AuthUser) {
  const isPublic = onboardingTarget(user) === null;
  const links = [];
  if (user.accountType === 'client') {
    links.push({ label: 'My requests', link: linkOptions({ to: '/dashboard/requests/' }) });
  }
  if (user.accountType === 'freelancer') {
    if (isPublic) {
      links.push({
        label: 'My public profile',
        link: linkOptions({ to: '/freelancer/$uid/', params: { uid: user.id } }),
      });
    }
    links.push({ label: 'My services', link: linkOptions({ to: PATHS.dashboardServices }) });
  }
  if (user.accountType === 'business' && user.business) {
    if (isPublic) {
      links.push({
        label: 'My public profile',
        link: linkOptions({ to: '/business/$companyId/', params: { companyId: user.business.companyId } }),
      });
      links.push({ label: 'Edit business profile', link: linkOptions({ to: PATHS.businessProfile }) });
      links.push({ label: 'Plans and billing', link: linkOptions({ to: PATHS.businessPlans }) });
    }
  }
  // Proposals open once onboarding is done (until then the page leads back to it).
  if ((user.accountType === 'freelancer' || user.accountType === 'business') && isPublic) {
    links.push({ label: 'My proposals', link: linkOptions({ to: '/dashboard/proposals/' }) });
  }
  links.push({ label: 'Messages', link: linkOptions({ to: PATHS.messages }) });
  links.push({ label: 'Settings', link: linkOptions({ to: PATHS.settings }) });
  return links;
}

/** A freelancer's versigems balance (what proposals cost), leading to the page that sells more. */
function VersigemsItem({ onClick }: { onClick: () => void }) {
  const balance = useGetVersigemsBalance(undefined, { query: { retry: false } });
  const amount = balance.data?.data.balance;
  return (
    <li>
      <Link to={PATHS.buyVersigems} className="user-menu__item" onClick={onClick}>
        {amount === undefined ? 'Versigems' : `Versigems: ${amount}`}
      </Link>
    </li>
  );
}

/**
 * The signed-in user's menu in the site header: who is signed in, the pages of their account
 * (see `accountMenuLinks`) and, for a freelancer, the versigems balance, Sign out. A
 * disclosure like the navigation menus: Escape closes it and returns focus to its button,
 * arrow keys move between its items, leaving it closes it.
 */
export function UserMenu({ user }: { user: AuthUser }) {
  const menu = useDisclosureMenu<HTMLDivElement>('.user-menu__item');
  const { signOut, signingOut } = useSignOut();
  const unread = useUnreadConversations();

  return (
    <div ref={menu.rootRef} className="user-menu" onKeyDown={menu.onKeyDown} onBlur={menu.onBlur}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={menu.open}
        aria-controls={menu.listId}
        onClick={menu.toggle}
      >
        <Avatar user={user} />
        <span className="user-menu__name">{user.displayName}</span>
        <span className="visually-hidden">: account menu</span>
        <UnreadBadge count={unread} className="unread-badge user-menu__badge" />
      </button>
      <div id={menu.listId} className="user-menu__panel" hidden={!menu.open}>
        <p className="user-menu__who">
          <span className="user-menu__who-name">{user.displayName}</span>
          <span className="user-menu__who-email">{user.email}</span>
        </p>
        <ul className="user-menu__list">
          {user.accountType === 'freelancer' && <VersigemsItem onClick={menu.close} />}
          {accountMenuLinks(user).map(({ label, link }) => (
            <li key={label}>
              <Link {...link} className="user-menu__item" onClick={menu.close}>
                {label}
                {label === 'Messages' && <UnreadBadge count={unread} className="unread-badge" />}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="user-menu__item"
              disabled={signingOut}
              onClick={() => {
                menu.close();
                void signOut();
              }}
            >
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

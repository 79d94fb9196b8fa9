import { Link } from '@tanstack/react-router';
import type { AuthUser } from '../lib/auth';
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

function Avatar({ user }: { user: AuthUser }) {
  const image = user.profile.image ?? user.social.image;
  return (
    <span className="user-menu__avatar" aria-hidden="true">
      {image ? <img src={image} alt="" width={32} height={32} /> : initialsOf(user.displayName)}
    </span>
  );
}

/**
 * The signed-in user's menu in the site header: who is signed in, Settings, Sign out. A
 * disclosure like the navigation menus: Escape closes it and returns focus to its button,
 * arrow keys move between its items, leaving it closes it.
 */
export function UserMenu({ user }: { user: AuthUser }) {
  const menu = useDisclosureMenu<HTMLDivElement>('.user-menu__item');
  const { signOut, signingOut } = useSignOut();

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
      </button>
      <div id={menu.listId} className="user-menu__panel" hidden={!menu.open}>
        <p className="user-menu__who">
          <span className="user-menu__who-name">{user.displayName}</span>
          <span className="user-menu__who-email">{user.email}</span>
        </p>
        <ul className="user-menu__list">
          <li>
            <Link to={PATHS.settings} className="user-menu__item" onClick={menu.close}>
              Settings
            </Link>
          </li>
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

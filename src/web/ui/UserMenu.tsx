import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { AuthUser } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { useSignOut } from '../lib/useSignOut';

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
  const [open, setOpen] = useState(false);
  const { signOut, signingOut } = useSignOut();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.user-menu__item') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => focusItem(current + 1));
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      focusItem(current < 0 ? -1 : current - 1);
    }
  };

  return (
    <div
      ref={rootRef}
      className="user-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Avatar user={user} />
        <span className="user-menu__name">{user.displayName}</span>
        <span className="visually-hidden">: account menu</span>
      </button>
      <div id={listId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__who">
          <span className="user-menu__who-name">{user.displayName}</span>
          <span className="user-menu__who-email">{user.email}</span>
        </p>
        <ul className="user-menu__list">
          <li>
            <Link to={PATHS.settings} className="user-menu__item" onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="user-menu__item"
              disabled={signingOut}
              onClick={() => {
                setOpen(false);
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

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { NavMenuGroup } from './navigation';

function Chevron() {
  return (
    <svg className="nav-menu__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A disclosure menu of links (button with aria-expanded, links below): Enter/Space toggles,
 * Escape closes and returns focus to the button, arrow keys move between links, and leaving the
 * menu by focus or by clicking elsewhere closes it.
 */
export function NavMenu({ group }: { group: NavMenuGroup }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.nav-menu__link') ?? []);

  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        // The list renders on the next frame when it was closed.
        requestAnimationFrame(() => focusLink(current + 1));
        return;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        focusLink(current < 0 ? -1 : current - 1);
        return;
      case 'Home':
      case 'End':
        if (!open || current < 0) return;
        event.preventDefault();
        focusLink(event.key === 'Home' ? 0 : -1);
        return;
    }
  };

  return (
    <li
      ref={rootRef}
      className="nav-menu"
      data-open={open || undefined}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link nav-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {group.label}
        <Chevron />
      </button>
      <ul id={listId} className="nav-menu__list" hidden={!open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="nav-menu__link" onClick={() => setOpen(false)}>
              <span className="nav-menu__label">{item.label}</span>
              {item.description && <span className="nav-menu__description">{item.description}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

import { Link } from '@tanstack/react-router';
import type { NavMenuGroup } from './navigation';
import { useDisclosureMenu } from './useDisclosureMenu';

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
  const menu = useDisclosureMenu<HTMLLIElement>('.nav-menu__link', { homeEnd: true });

  return (
    <li
      ref={menu.rootRef}
      className="nav-menu"
      data-open={menu.open || undefined}
      onKeyDown={menu.onKeyDown}
      onBlur={menu.onBlur}
    >
      <button
        ref={menu.buttonRef}
        type="button"
        className="nav-link nav-menu__button"
        aria-expanded={menu.open}
        aria-controls={menu.listId}
        onClick={menu.toggle}
      >
        {group.label}
        <Chevron />
      </button>
      <ul id={menu.listId} className="nav-menu__list" hidden={!menu.open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="nav-menu__link" onClick={menu.close}>
              <span className="nav-menu__label">{item.label}</span>
              {item.description && <span className="nav-menu__description">{item.description}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

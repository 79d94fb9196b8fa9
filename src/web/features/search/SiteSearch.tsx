import './search.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useRouterState } from '@tanstack/react-router';
import { SearchIcon } from '@/ui/icons';

/**
 * The dialog (its combobox, the search calls and their results) is not in the entry file: it
 * loads when the button is pointed at, focused or pressed.
 */
const loadDialog = () => import('./SearchDialog');
const SearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SearchDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

/**
 * The header's search: a button that opens a dialog with a combobox. Typing searches jobs,
 * professionals and businesses at once (W03); the arrow keys move through the results, Enter
 * opens one, Escape closes the dialog and gives the focus back to the button.
 */
export function SiteSearch() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // A new page closes the search.
  useEffect(() => setOpen(false), [pathname]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="site-search__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        <SearchIcon />
        <span className="visually-hidden">Search the site</span>
      </button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <SearchDialog onClose={close} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

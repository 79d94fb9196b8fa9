import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

interface DisclosureMenuOptions {
  /** Home and End move to the first and the last item while one has focus. */
  homeEnd?: boolean;
}

/**
 * A disclosure menu (a button with aria-expanded, its items below): the button toggles it,
 * Escape closes it and returns focus to the button, arrow keys move between the items (the ones
 * matching `itemSelector`), and leaving it by focus or by clicking elsewhere closes it.
 */
export function useDisclosureMenu<Root extends HTMLElement>(
  itemSelector: string,
  { homeEnd = false }: DisclosureMenuOptions = {},
) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);

  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<Root>) => {
    const current = items().indexOf(document.activeElement as HTMLElement);
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
        requestAnimationFrame(() => focusItem(current + 1));
        return;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        focusItem(current < 0 ? -1 : current - 1);
        return;
      case 'Home':
      case 'End':
        if (!homeEnd || !open || current < 0) return;
        event.preventDefault();
        focusItem(event.key === 'Home' ? 0 : -1);
        return;
    }
  };

  const onBlur = (event: FocusEvent<Root>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return {
    open,
    close: () => setOpen(false),
    toggle: () => setOpen((wasOpen) => !wasOpen),
    listId,
    rootRef,
    buttonRef,
    onKeyDown,
    onBlur,
  };
}

import { useEffect, useLayoutEffect, useRef } from 'react';

/** The titles shown now, in the order they were put in place; the last one is the document's. */
const shown: { text: string }[] = [];
/** The title before any of these was shown (index.html's, or the drawn page's), shown again after them. */
let ownTitle = '';

function showLast(): void {
  document.title = shown.at(-1)?.text ?? ownTitle;
}

// On the server the effects never run; React only warns about layout effects there.
const useCommitEffect = import.meta.env.SSR ? useEffect : useLayoutEffect;

/**
 * The document's title while this is shown. In the browser it is set as the page's markup is put
 * in place, and the title shown before comes back when it goes; when several are shown at once,
 * the last one put in place wins. When the server draws a page, it is drawn as a `<title>` that the
 * drawing moves into the document's head (prerender.tsx).
 */
export function DocumentTitle({ children }: { children: string }) {
  const entry = useRef<{ text: string } | null>(null);
  useCommitEffect(() => {
    if (shown.length === 0) ownTitle = document.title;
    const mine = { text: entry.current?.text ?? '' };
    entry.current = mine;
    shown.push(mine);
    return () => {
      shown.splice(shown.indexOf(mine), 1);
      showLast();
    };
  }, []);
  useCommitEffect(() => {
    if (!entry.current) return;
    entry.current.text = children;
    if (shown.at(-1) === entry.current) document.title = children;
  }, [children]);
  return import.meta.env.SSR ? <title>{children}</title> : null;
}

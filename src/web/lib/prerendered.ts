/**
 * A page the server drew for a visitor (src/web/prerender.tsx) arrives with its markup in the root
 * element and the answers it was drawn with in `#prerendered-state`. Its first script (boot.ts)
 * starts the handover: it holds what the visitor does on the drawn page and loads the app, which
 * reads those answers, loads the route, then draws the same page over the server's markup; what
 * the visitor clicked, typed and focused there meanwhile carries over to the app's copy, found by
 * its place in the page.
 *
 * Only boot.ts imports this file; the app reaches the handover through `window`, so the boot file
 * and the app's entry share no code and the boot file stays a few hundred bytes.
 */
import type { DehydratedState } from '@tanstack/react-query';

export const PRERENDERED_STATE_ID = 'prerendered-state';

/** From the boot file to the app: what the page was drawn with, and how to take it over. */
export interface Handover {
  state: DehydratedState;
  /**
   * Reads what was typed on the drawn page; the function it returns, called once the app's page
   * is in place, carries the typing and focus over, replays the held clicks and stops holding.
   */
  takeOver(): () => void;
}

declare global {
  interface Window {
    /** Set by boot.ts on a page the server drew; read once by main.tsx. */
    marketplaceHandover?: Handover;
  }
}

/** Starts holding input on a drawn page; null on index.html's empty root. */
export function startHandover(container: HTMLElement, doc: Document = document): Handover | null {
  const state = prerenderedState(doc);
  if (!state) return null;
  const replayClicks = holdInput(container);
  return {
    state,
    takeOver: () => {
      const restoreTyping = keepTyping(container);
      return () => {
        restoreTyping();
        replayClicks();
      };
    },
  };
}

/** The answers the server drew the page with, or null for index.html's empty root. */
export function prerenderedState(doc: Document = document): DehydratedState | null {
  const script = doc.getElementById(PRERENDERED_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Where a node sits under the root, as child positions: the app's copy of the page has the same. */
function pathOf(container: Element, node: Element): number[] | undefined {
  const path: number[] = [];
  for (let at: Element | null = node; at !== container; at = at.parentElement) {
    if (!at?.parentElement) return undefined;
    path.unshift([...at.parentElement.children].indexOf(at));
  }
  return path;
}

function elementAt(container: Element, path: number[]): Element | undefined {
  let at: Element | undefined = container;
  for (const index of path) at = at?.children[index];
  return at;
}

/** The same element in the app's copy: same place, same tag and text (else nothing is replayed). */
function counterpart(container: Element, original: { path: number[]; tag: string; text: string }): Element | undefined {
  const element = elementAt(container, original.path);
  return element?.tagName === original.tag && element.textContent === original.text ? element : undefined;
}

const isField = (element: Element | null | undefined): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/** Sets a field's value as typing does, so React's onChange sees it. */
function typeInto(field: Field, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const CONTROL =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="tab"]';
const TYPED = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

/**
 * From now until the app has drawn the page over the server's markup: clicks on that markup are
 * held (a button there does nothing yet) and replayed on the app's copy of the element, and what
 * was typed, and where the focus is, carry over. Call the returned function once the app's page
 * is in place.
 */
export function holdInput(container: HTMLElement): () => void {
  const describe = (element: Element) => {
    const path = pathOf(container, element);
    return path && { path, tag: element.tagName, text: element.textContent ?? '' };
  };
  const clicks: NonNullable<ReturnType<typeof describe>>[] = [];
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !container.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // What the click was for: the control around the icon or text it landed on.
    const control = event.target.closest(CONTROL);
    const clicked = describe(control && container.contains(control) ? control : event.target);
    if (clicked) clicks.push(clicked);
  };
  container.addEventListener('click', hold, true);

  return () => {
    container.removeEventListener('click', hold, true);
    for (const click of clicks) {
      const element = counterpart(container, click);
      if (element instanceof HTMLElement) element.click();
      else element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  };
}

/**
 * What was typed into the server's markup, and where the focus is; the returned function puts
 * both into the app's copy of the page once it is drawn.
 */
export function keepTyping(container: HTMLElement): () => void {
  const typed = [...container.querySelectorAll<Field>(TYPED)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field: pathOf(container, field), tag: field.tagName, value: field.value }));
  const active = document.activeElement;
  const focused =
    active && active !== document.body && container.contains(active) ? pathOf(container, active) : undefined;
  return () => {
    for (const { field: path, tag, value } of typed) {
      const field = path && elementAt(container, path);
      if (isField(field) && field.tagName === tag && field.value !== value) typeInto(field, value);
    }
    const next = focused && elementAt(container, focused);
    if (next instanceof HTMLElement) next.focus();
  };
}

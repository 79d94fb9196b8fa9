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
  /** Once the app's copy of the page has replaced the server's markup: the typing and focus. */
  restoreTyping(): void;
  /** Once the app's page has run its effects: the held clicks, replayed; holding stops. */
  replayClicks(): void;
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
  const once = (run: () => void) => {
    let done = false;
    return () => {
      if (!done) run();
      done = true;
    };
  };
  return { state, replayClicks: once(holdInput(container)), restoreTyping: once(keepTyping(container)) };
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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

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

interface Described {
  path: number[];
  tag: string;
  text: string;
  href: string | null;
}

/**
 * The same element in the app's copy: at the same place with the same tag, text and address, or
 * else the one element with that tag, text and address (a section above it may have changed); if
 * neither, nothing is replayed.
 */
function counterpart(container: Element, original: Described): Element | undefined {
  const same = (element: Element | undefined): element is Element =>
    element?.tagName === original.tag &&
    element.textContent === original.text &&
    element.getAttribute('href') === original.href;
  const atPlace = elementAt(container, original.path);
  if (same(atPlace)) return atPlace;
  const alike = [...container.getElementsByTagName(original.tag)].filter(same);
  return alike.length === 1 ? alike[0] : undefined;
}

const isField = (element: Element | null | undefined): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the visitor changed the field on the drawn page. */
function changed(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/** Gives the app's field what the visitor did to the drawn one, as they did it, so React's onChange sees it. */
function carryOver(from: Field, to: Field): void {
  if (isToggle(from)) {
    if (!isToggle(to)) return;
    // A radio is unchecked by checking another of its group: only the checked one is clicked.
    const wanted = from.type === 'radio' ? from.checked && !to.checked : to.checked !== from.checked;
    if (wanted) to.click();
    return;
  }
  if (to.value === from.value) return;
  const prototype = Object.getPrototypeOf(to) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(to, from.value);
  to.dispatchEvent(new Event(to instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const CONTROL = 'a[href], button, input, summary, [role="button"], [role="link"], [role="tab"]';
/** Controls whose click does its own work on the drawn page (checks, opens, focuses): not held. */
const NATIVE =
  'input:not([type=submit]):not([type=button]):not([type=image]):not([type=reset]), select, textarea, label, option';
const FIELDS = 'input:not([type=file]):not([type=hidden]):not([type=submit]):not([type=button]), textarea, select';

/**
 * From now until the app has drawn the page over the server's markup: clicks on that markup are
 * held (a button there does nothing yet) and replayed on the app's copy of the element. A click
 * on a field or its label is not held: it checks or focuses the drawn field, and keepTyping
 * carries that over. Call the returned function once the app's page is in place.
 */
export function holdInput(container: HTMLElement): () => void {
  const describe = (element: Element): Described | undefined => {
    const path = pathOf(container, element);
    return path && { path, tag: element.tagName, text: element.textContent ?? '', href: element.getAttribute('href') };
  };
  const clicks: Described[] = [];
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !container.contains(event.target)) return;
    if (event.target.closest(NATIVE)) return;
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
 * What is typed, checked and chosen in the server's markup, and where the focus goes, until the
 * app's copy of the page replaces it; the returned function, called then, puts it all into the
 * app's copy. The server's fields are kept: once replaced they are detached, and still hold it.
 */
export function keepTyping(container: HTMLElement): () => void {
  const fields = [...container.querySelectorAll<Field>(FIELDS)].map((field) => ({
    field,
    path: pathOf(container, field),
  }));
  const active = document.activeElement;
  let focused =
    active && active !== document.body && container.contains(active) ? pathOf(container, active) : undefined;
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element) focused = pathOf(container, event.target);
  };
  container.addEventListener('focusin', onFocus);
  return () => {
    container.removeEventListener('focusin', onFocus);
    for (const { field, path } of fields) {
      if (!path || !changed(field)) continue;
      // At the same place, or by its id when a section above it changed.
      const atPlace = elementAt(container, path);
      const next = atPlace?.tagName === field.tagName || !field.id ? atPlace : document.getElementById(field.id);
      if (isField(next) && next !== field && next.tagName === field.tagName) carryOver(field, next);
    }
    const next = focused && elementAt(container, focused);
    if (next instanceof HTMLElement) next.focus();
  };
}

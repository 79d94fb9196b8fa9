/**
 * A page the server drew for a visitor (src/web/prerender.tsx) arrives with its markup in the root
 * element and the answers it was drawn with in `#prerendered-state`. Its first script (boot.ts)
 * starts the handover: it holds what the visitor does on the drawn page and loads the app, which
 * reads those answers, loads the route, then takes the server's markup over (hydrates it), drawing
 * again only a part it draws otherwise; what the visitor clicked, typed and focused there
 * meanwhile carries over to the app's page, found by its place in the page.
 *
 * Only boot.ts imports this file; the app reaches the handover through `window`, so the boot file
 * and the app's entry share no code and the boot file stays a few hundred bytes.
 */
import type { DehydratedState } from '@tanstack/react-query';

export const PRERENDERED_STATE_ID = 'prerendered-state';

/** From the boot file to the app: what the page was drawn with, and how to take it over. */
export interface Handover {
  state: DehydratedState;
  /** Once the app has taken the page over: the typing and focus, carried over in the next task. */
  restoreTyping(): Promise<void>;
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
  /** The first call runs `run`; every call answers what it answered. */
  const once = <T>(run: () => T) => {
    let result: { value: T } | undefined;
    return () => (result ??= { value: run() }).value;
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

/**
 * Puts `value` into a field as typing or choosing does, for React's onChange: through the
 * element's own value setter, which React does not watch, then the event the visitor's would send.
 */
function enterValue(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
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
  if (to.value !== from.value) enterValue(to, from.value);
}

const CONTROL = 'a[href], button, input, summary, [role="button"], [role="link"], [role="tab"]';
/** Controls whose click does its own work on the drawn page (checks, opens, focuses): not held. */
const NATIVE =
  'input:not([type=submit]):not([type=button]):not([type=image]):not([type=reset]), select, textarea, label, option';
const FIELDS = 'input:not([type=file]):not([type=hidden]):not([type=submit]):not([type=button]), textarea, select';

/**
 * Makes React take the part of the page holding `element` over now, if it has not: it takes the
 * parts inside a Suspense boundary over after the rest, at its lowest priority, and at once for an
 * input event in one (the app has no input handler but on fields, whose value React reads then).
 */
function takeOverNow(element: Element): void {
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What the visitor left in a field: its text, whether it is checked, which options are chosen. */
interface FieldState {
  value: string;
  checked: boolean;
  selected: boolean[];
}

const stateOf = (field: Field): FieldState => ({
  value: field.value,
  checked: isToggle(field) && field.checked,
  selected: field instanceof HTMLSelectElement ? [...field.options].map((option) => option.selected) : [],
});

/**
 * Tells the app what the visitor did to a field it took over as it was (hydrated). The field holds
 * it, but React keeps the value it last saw on each field, saw none of it, and puts its own back
 * whenever it draws the field again; so the change is made again as an event React sees, from
 * `state`. Returns false when React drew the field anew instead (its part differed).
 */
function replayOnSameField(field: Field, state: FieldState): boolean {
  // React sees no change in a value it has only just read.
  takeOverNow(field);
  if (!field.isConnected) return false;
  if (isToggle(field)) {
    // A radio is unchecked by checking another of its group: only the checked one is replayed.
    if (field.type === 'radio' && !state.checked) return true;
    // Through the field's own setter, which React watches, then a click as the visitor's.
    field.checked = !state.checked;
    field.click();
    return true;
  }
  if (field instanceof HTMLSelectElement) {
    [...field.options].forEach((option, at) => (option.selected = state.selected[at] ?? false));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  // Through the field's own setter, which React watches, then as typing does.
  field.value = field.defaultValue;
  enterValue(field, state.value);
  return true;
}

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
      // React may not have taken the element's part over yet, and may draw that part anew when it
      // does (a click on an element it then removes is lost): it is found again once taken over.
      const found = counterpart(container, click);
      if (found) takeOverNow(found);
      const element = counterpart(container, click);
      if (element instanceof HTMLElement) element.click();
      else element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  };
}

/** The longest the typing waits for React to take the page's fields over (see keepTyping). */
const TAKEOVER_WAIT_MS = 2_000;

/**
 * Whether React has taken a field over: it then watches the field's value (its `_valueTracker`;
 * a select has none). React takes the parts of a page inside a Suspense boundary over after the
 * rest, at its lowest priority; typing into a field before then is lost to it (the typing's event
 * makes React take the field over, reading the typed value as the one it already had), so what
 * was typed is given to the app once every field is taken over.
 */
const takenOver = (field: Field): boolean =>
  field instanceof HTMLSelectElement || Boolean((field as Field & { _valueTracker?: unknown })._valueTracker);

/**
 * What is typed, checked and chosen in the server's markup, and where the focus goes, until the
 * app takes the page over; the returned function, called then, puts it all into the app's page.
 * The app keeps the server's fields where it draws them as the server did (hydration), and draws
 * new ones where it does not: the server's fields are kept, so once replaced (detached) they
 * still hold what was done to them.
 */
export function keepTyping(container: HTMLElement): () => Promise<void> {
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
  /** The app's field for a drawn one: at the same place, or by its id when a section above it changed. */
  const counterpartField = (field: Field, path: number[]): Field | undefined => {
    const atPlace = elementAt(container, path);
    const next = atPlace?.tagName === field.tagName || !field.id ? atPlace : document.getElementById(field.id);
    return isField(next) && next.tagName === field.tagName ? next : undefined;
  };
  return () => {
    // Read now, as the app's page is put in place: the fields the app kept may be drawn again
    // with its own (empty) values before the replay below.
    const kept = fields.flatMap(({ field, path }) =>
      path && changed(field) ? [{ field, path, state: stateOf(field) }] : [],
    );
    return new Promise<void>((done) => {
      const since = Date.now();
      const replay = () => {
        // And the fields typed in since: a field React had not taken over yet when the typing
        // began is taken over by that typing's event, which React then reads as no change.
        const typedSince = fields.filter(
          ({ field, path }) => path && field.isConnected && changed(field) && !kept.some((one) => one.field === field),
        );
        for (const { field, path, state } of [
          ...kept,
          ...typedSince.map((one) => ({ ...one, state: stateOf(one.field) })),
        ]) {
          // Typed further since the app's page was put in place: what the field holds now.
          const latest = field.isConnected && changed(field) ? stateOf(field) : state;
          if (field.isConnected && replayOnSameField(field, latest)) continue;
          const next = path && counterpartField(field, path);
          if (next && next !== field) carryOver(field, next);
        }
        // The focus moves only when the element that had it was drawn anew (the focus fell to the
        // page): one the app kept still has it, and the visitor may have moved on meanwhile.
        const lost = !document.activeElement || document.activeElement === document.body;
        const next = lost && focused && elementAt(container, focused);
        if (next instanceof HTMLElement) next.focus();
        done();
      };
      // Once the commit is over and React has taken every field over (see takenOver), or after
      // TAKEOVER_WAIT_MS at most.
      const whenTakenOver = () => {
        const waiting = [...container.querySelectorAll<Field>(FIELDS)].some((field) => !takenOver(field));
        if (waiting && Date.now() - since < TAKEOVER_WAIT_MS) setTimeout(whenTakenOver, 10);
        else replay();
      };
      setTimeout(whenTakenOver, 0);
    });
  };
}

/**
 * The first script of a page the server drew for a visitor (index.html's entry is swapped for this
 * one, see src/server/lib/prerendered-pages.ts). It holds what the visitor does on the drawn page
 * (lib/prerendered.ts), and asks for the app's code once the page has been painted: before that,
 * the app's code (the entry and the route's chunks, listed in `#app-modules`) would share the
 * connection with the page's own HTML and stylesheets and delay the first paint.
 */
import { startHandover } from './lib/prerendered';

/** Where the server lists the app's modules, entry first (src/server/lib/prerendered-pages.ts). */
const APP_MODULES_ID = 'app-modules';

function appModules(): string[] {
  try {
    const list: unknown = JSON.parse(document.getElementById(APP_MODULES_ID)?.textContent ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The longest the app's code waits for the first paint, should the browser never report it. */
const PAINT_WAIT_MS = 3_000;

/**
 * Runs `load` once, after the page's first contentful paint has been presented (a frame's callback
 * would run before the page is on screen). A hidden tab paints nothing: there it runs at once.
 */
function afterFirstPaint(load: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    load();
  };
  if (document.visibilityState !== 'visible') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, PAINT_WAIT_MS);
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}

const root = document.getElementById('root');
const handover = root ? startHandover(root) : null;
if (handover) window.marketplaceHandover = handover;
const [entry, ...chunks] = appModules();

afterFirstPaint(() => {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (!entry) return;
  import(/* @vite-ignore */ entry).catch(() => {
    // The drawn page stays, its links working as plain links: stop holding clicks.
    handover?.replayClicks();
  });
});

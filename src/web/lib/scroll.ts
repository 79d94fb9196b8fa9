/**
 * Scrolling on navigation (spec §2): a new path starts at the top (the router's scroll
 * restoration does that, and restores positions on back/forward); a URL with a hash scrolls to
 * that element, less the clearance the element asks for with `data-scroll-clearance="<px>"`
 * (room for a sticky header above a section, for example) or, failing that, what the browser
 * itself would leave: the element's CSS `scroll-margin-top` plus the page's `scroll-padding-top`
 * (base.css keeps the sticky header's height there).
 */
import type { AnyRouter } from '@tanstack/react-router';

export const SCROLL_CLEARANCE_ATTRIBUTE = 'data-scroll-clearance';
/** Content below a lazy route may render a few frames after the route: look for the target a while. */
const HASH_TARGET_ATTEMPTS = 20;

function pixels(value: string): number {
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** The element's `data-scroll-clearance`, else its `scroll-margin-top` plus the page's `scroll-padding-top`. */
function clearanceOf(element: Element): number {
  const value = Number.parseFloat(element.getAttribute(SCROLL_CLEARANCE_ATTRIBUTE) ?? '');
  if (Number.isFinite(value)) return value;
  const margin = pixels(getComputedStyle(element).scrollMarginTop);
  const padding = pixels(getComputedStyle(document.documentElement).scrollPaddingTop);
  return margin + padding;
}

function findHashTarget(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return id ? document.getElementById(id) : null;
}

export function scrollToHash(hash: string, attempt = 0): void {
  const target = findHashTarget(hash);
  if (!target) {
    if (attempt < HASH_TARGET_ATTEMPTS) requestAnimationFrame(() => scrollToHash(hash, attempt + 1));
    return;
  }
  const top = target.getBoundingClientRect().top + window.scrollY - clearanceOf(target);
  window.scrollTo({ top: Math.max(0, top), left: 0 });
  // Keyboard and screen reader users continue from the section they were sent to.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** Takes over hash scrolling from the router (which has no notion of a clearance). */
export function installHashScroll(router: AnyRouter): () => void {
  return router.subscribe('onRendered', (event) => {
    const { hash, href } = event.toLocation;
    if (!hash || event.fromLocation?.href === href) return;
    scrollToHash(hash);
  });
}

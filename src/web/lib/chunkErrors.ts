/**
 * Chunk load failures (spec §8): after a deploy, an open tab may ask for a JavaScript or CSS
 * chunk that no longer exists. Reload the page once to pick up the new build; if it fails again
 * soon after, show the error page instead of reloading in a loop.
 */

/** How long a lazily loaded chunk may take before it counts as failed (spec §9). */
export const LAZY_ASSET_LOAD_TIMEOUT_MS = 120_000;

/** sessionStorage key holding when we last reloaded because of a chunk failure. */
const RELOAD_GUARD_KEY = 'chunk_reload_at';
/** A second failure within this window means the reload did not help. */
const RELOAD_GUARD_WINDOW_MS = 60_000;

const CHUNK_MESSAGE_PATTERNS = [
  /Loading (CSS )?chunk [\w./-]+ failed/i,
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
];

export function isChunkLoadError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  if ((error as Error & { code?: unknown }).code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return CHUNK_MESSAGE_PATTERNS.some((pattern) => pattern.test(error.message));
}

function lastReloadAt(): number | null {
  try {
    const value = Number(sessionStorage.getItem(RELOAD_GUARD_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** TanStack Router's lazy components reload once by themselves for a missing module, under this key. */
function routerAlreadyReloadedFor(error: Error | undefined): boolean {
  if (!error) return false;
  try {
    return sessionStorage.getItem(`tanstack_router_reload:${error.message}`) !== null;
  } catch {
    return false;
  }
}

/** Whether a reload is still worth trying (no reload for a chunk happened moments ago). */
export function canReloadForChunkError(error?: Error, now = Date.now()): boolean {
  if (routerAlreadyReloadedFor(error)) return false;
  const at = lastReloadAt();
  return at === null || now - at > RELOAD_GUARD_WINDOW_MS;
}

/** Reloads the page unless that was just tried; returns whether it reloads. */
export function reloadOnceForChunkError(error?: Error): boolean {
  if (!canReloadForChunkError(error)) return false;
  try {
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    // Without storage there is no guard against a loop: show the error page instead.
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Vite reports failed preloads (JS and CSS dependencies of a lazy chunk) as `vite:preloadError`.
 * Reloading first means the router never shows an error for a stale build.
 */
export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}

class ChunkLoadTimeoutError extends Error {
  constructor(what: string) {
    super(`Loading chunk ${what} failed (timed out after ${LAZY_ASSET_LOAD_TIMEOUT_MS} ms)`);
    this.name = 'ChunkLoadError';
  }
}

/** A dynamic import that fails with a ChunkLoadError when it hangs longer than the timeout. */
export function importWithTimeout<T>(
  importer: () => Promise<T>,
  what = 'module',
  timeoutMs = LAZY_ASSET_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(what)), timeoutMs);
  });
  return Promise.race([importer(), timeout]).finally(() => clearTimeout(timer));
}

import { afterEach, describe, expect, it } from 'vitest';
import { canReloadForChunkError, importWithTimeout, isChunkLoadError } from './chunkErrors';

function namedError(name: string, message: string, code?: string): Error {
  const error = new Error(message) as Error & { code?: string };
  error.name = name;
  if (code) error.code = code;
  return error;
}

describe('chunk load errors', () => {
  afterEach(() => sessionStorage.clear());

  it.each([
    namedError('ChunkLoadError', 'Loading chunk 42 failed.'),
    namedError('Error', 'Loading chunk 7 failed. (missing: /assets/7.js)'),
    namedError('Error', 'Loading CSS chunk 3 failed', 'CSS_CHUNK_LOAD_FAILED'),
    new TypeError('Failed to fetch dynamically imported module: https://example.com/assets/index-abc.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/routes-abc.css'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('reloads once, not again right after', () => {
    const now = Date.now();
    expect(canReloadForChunkError(undefined, now)).toBe(true);
    sessionStorage.setItem('chunk_reload_at', String(now));
    expect(canReloadForChunkError(undefined, now + 5_000)).toBe(false);
    expect(canReloadForChunkError(undefined, now + 61_000)).toBe(true);
  });

  it('does not reload when the router already reloaded for the same missing module', () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
    expect(canReloadForChunkError(error)).toBe(false);
  });

  it('fails a chunk that never arrives with a ChunkLoadError', async () => {
    const never = () => new Promise<never>(() => undefined);
    const error = await importWithTimeout(never, 'home', 10).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).name).toBe('ChunkLoadError');
  });
});

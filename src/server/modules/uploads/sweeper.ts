import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { partialDir } from '../../storage';
import { deleteUnattached } from './queries';
import { uploadService, type UploadDeps } from './service';

/** An upload nothing uses after this long is deleted: a form filled in over a day keeps its files. */
export const UNATTACHED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * A half-written file untouched this long is a leftover: a transfer writes to its file all along,
 * so a file this still belongs to no live request, even one of another process on this disk.
 */
export const PARTIAL_MAX_AGE_MS = 15 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Deletes the uploads used by nothing older than `UNATTACHED_MAX_AGE_MS`: their rows first, then
 * their bytes in the storage (local disk or bucket alike). Answers how many went. Several server
 * processes may run it at once: each row is deleted once, and deleting missing bytes is no error.
 */
export async function sweepUnattachedUploads(deps: UploadDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_MAX_AGE_MS);
  let total = 0;
  for (let count = SWEEP_BATCH; count === SWEEP_BATCH;) {
    const keys = await deleteUnattached(deps.db, before, SWEEP_BATCH);
    await uploadService(deps).discard(keys);
    count = keys.length;
    total += count;
  }
  return total;
}

/**
 * Removes what a crash left in `DATA_DIR/uploads/.partial` (received uploads and half-stored
 * files) once untouched for `PARTIAL_MAX_AGE_MS`. Answers how many went.
 */
export async function removePartialFiles(dataDir: string, now = new Date()): Promise<number> {
  const dir = partialDir(dataDir);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < PARTIAL_MAX_AGE_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Nothing a caller uploads and abandons stays: at start-up and then hourly, partial files left
 * by a crash and uploads attached to nothing a day later are deleted. The timer never keeps the
 * process alive and stops when the app closes.
 */
export default fp(
  async (app) => {
    const removePartial = async () => {
      try {
        const partial = await removePartialFiles(app.config.dataDir);
        if (partial > 0) app.log.info({ partial }, 'partial upload files removed');
      } catch (error) {
        app.log.warn({ err: error }, 'removing partial upload files failed');
      }
    };
    let running: Promise<void> | undefined;
    const run = () => {
      running ??= (async () => {
        try {
          await removePartial();
          const unattached = await sweepUnattachedUploads(app);
          if (unattached > 0) app.log.info({ unattached }, 'unattached uploads removed');
        } catch (error) {
          app.log.warn({ err: error }, 'removing unattached uploads failed');
        } finally {
          running = undefined;
        }
      })();
      return running;
    };
    const timer = setInterval(() => void run(), SWEEP_INTERVAL_MS).unref();
    // The leftovers go before the first request; the database sweep runs beside the start-up.
    app.addHook('onReady', async () => {
      await removePartial();
      void run();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'upload-sweeper', dependencies: ['database', 'storage'] },
);

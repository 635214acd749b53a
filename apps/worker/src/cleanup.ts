/**
 * Removes export files older than EXPORT_TTL_SECONDS from EXPORT_DIR (run periodically by
 * the worker). Returns the number of files removed.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export async function removeOldExports(dir: string, ttlSeconds: number, now = Date.now()): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const s = await stat(file).catch(() => null);
    if (s?.isFile() && now - s.mtimeMs > ttlSeconds * 1000) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

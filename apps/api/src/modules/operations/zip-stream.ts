/**
 * A zip streamed to the client as it is built (archiver, a maintained zip library), for the
 * documents' get-zip (issue 11 §5) and any other bundle of attachments (the appeals' zip):
 * entries are appended one after another, each read from the file store when its turn comes, so
 * memory stays small whatever the total size. Names repeated in one archive get « (2)», « (3)»
 * before the extension; a name is cut to its last path segment (no directories from a file name).
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import archiver from 'archiver';

export interface ZipEntry {
  /** File name inside the archive (UTF-8). */
  name: string;
  /** The bytes; null when the file is gone (the entry is skipped). */
  open: () => Promise<Readable | null>;
}

/** Unique, flat entry names in the order given. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const base = path.posix.basename(raw.replace(/\\/g, '/')) || 'file';
    let name = base;
    const ext = path.posix.extname(base);
    const stem = base.slice(0, base.length - ext.length);
    for (let i = 2; seen.has(name.toLowerCase()); i++) name = `${stem} (${i})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * The archive as a readable stream; entries are opened lazily, one at a time. Errors of the
 * archive end the stream with that error (the response is cut: its status has gone already).
 */
export function zipStream(entries: ZipEntry[]): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const names = uniqueNames(entries.map((e) => e.name));
  void (async () => {
    try {
      for (const [i, e] of entries.entries()) {
        const body = await e.open();
        if (!body) continue;
        archive.append(body, { name: names[i]! });
        // Wait for this entry to be consumed before opening the next file.
        await new Promise<void>((resolve, reject) => {
          const done = () => { archive.off('error', reject); resolve(); };
          archive.once('entry', done);
          archive.once('error', reject);
        });
      }
      await archive.finalize();
    } catch (err) {
      archive.destroy(err as Error);
    }
  })();
  return archive;
}

/**
 * The one zip writer of the product, over archiver (a maintained zip library: deflate, UTF-8
 * names, ZIP64 past 4 GiB, data descriptors for streamed entries). Two shapes:
 *
 * - `ZipWriter` — parts added one after another into an output stream: whole small parts
 *   (`add`) and one big part written in pieces (`stream`), honouring the output's
 *   backpressure, so memory stays constant whatever the part's size. The xlsx writers
 *   (writer.ts, table.ts) write SpreadsheetML packages with it.
 * - `zipStream(entries)` — a download of files (a document category's attachments, an appeal
 *   with its dialog): a readable archive whose entries are opened lazily, one at a time, when
 *   their turn comes; a file that is gone (`open` → null) is left out. Names are flattened to
 *   their last path segment (no directories from a user's file name) and made unique in the
 *   archive (« (2)», « (3)» before the extension), inside the entry's `dir` if it has one.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Archiver } from 'archiver';

// archiver 7 (the runtime) is a CommonJS factory; @types/archiver describes another version's
// shape, so the factory is typed here with what is used.
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options: { zlib: { level: number }; forceZip64?: boolean }) => Archiver;

/**
 * Deflate level of the xlsx packages: 3 is about twice as fast as the default 6 for ≈ 10 % more
 * bytes on sheet XML (bench/RESULTS.md); downloads of files use 6.
 */
export const XLSX_ZIP_LEVEL = 3;

/** Writes zip parts into `out`, then ends it (`finish`). Throws what the archive or the output throws. */
export class ZipWriter {
  private readonly archive: Archiver;
  private failed: Error | null = null;
  private open: PassThrough | null = null;

  constructor(out: Writable, level = XLSX_ZIP_LEVEL) {
    this.archive = archiver('zip', { zlib: { level } });
    this.archive.on('error', (err: Error) => this.fail(err));
    // An output closed before the end (a client gone) stops the writer instead of leaving it waiting for 'drain'.
    out.once('close', () => {
      if (!this.archive.readableEnded) this.fail(new Error('the zip output was closed before the archive ended'));
    });
    this.archive.pipe(out);
  }

  private fail(err: Error): void {
    this.failed ??= err;
    this.open?.destroy(err);
    this.archive.abort();
  }

  /** Adds a whole (small) part. */
  async add(name: string, content: string | Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    this.archive.append(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, { name });
  }

  /** Starts a streamed part: `write` it in pieces, then `end` it (before any other part). */
  async stream(name: string): Promise<{ write(piece: string | Buffer): Promise<void>; end(): Promise<void> }> {
    if (this.failed) throw this.failed;
    const part = new PassThrough({ highWaterMark: 1 << 20 });
    this.open = part;
    this.archive.append(part, { name });
    return {
      write: async (piece) => {
        if (this.failed) throw this.failed;
        if (!part.write(piece)) await once(part, 'drain');
      },
      end: async () => {
        if (this.failed) throw this.failed;
        part.end();
        this.open = null;
      },
    };
  }

  /** Writes the central directory; resolves once every byte is handed to the output (which archiver ends). */
  async finish(): Promise<void> {
    if (this.failed) throw this.failed;
    await this.archive.finalize();
    if (this.failed) throw this.failed;
  }
}

export interface ZipEntry {
  /** File name inside the archive (UTF-8); cut to its last path segment. */
  name: string;
  /** A folder inside the archive, e.g. 'files' (the caller's, never a user's). */
  dir?: string;
  /** The bytes; null when the file is gone (the entry is left out). */
  open: () => Promise<Readable | Buffer | string | null>;
}

/** Unique, flat entry names (`dir/` + the name's last segment) in the order given. */
export function uniqueNames(entries: readonly Pick<ZipEntry, 'name' | 'dir'>[]): string[] {
  const seen = new Set<string>();
  return entries.map((e) => {
    const base = path.posix.basename(e.name.replace(/\\/g, '/')) || 'file';
    const ext = path.posix.extname(base);
    const stem = base.slice(0, base.length - ext.length);
    const prefix = e.dir ? `${e.dir.replace(/\/+$/, '')}/` : '';
    let name = `${prefix}${base}`;
    for (let i = 2; seen.has(name.toLowerCase()); i++) name = `${prefix}${stem} (${i})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * The archive of `entries` as a readable stream (deflate level 6), each opened when its turn
 * comes. An error of the archive or of an entry ends the stream with that error (a response
 * already under way is cut: its status has gone).
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const names = uniqueNames(entries);
  void (async () => {
    try {
      for (const [i, e] of entries.entries()) {
        const body = await e.open();
        if (body === null) continue;
        const consumed = new Promise<void>((resolve, reject) => {
          const done = () => { archive.off('error', reject); resolve(); };
          archive.once('entry', done);
          archive.once('error', reject);
        });
        archive.append(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, { name: names[i]! });
        // Wait for this entry to be written before opening the next file.
        await consumed;
      }
      await archive.finalize();
    } catch (err) {
      archive.destroy(err as Error);
    }
  })();
  return archive;
}

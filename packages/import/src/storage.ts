/**
 * Where uploaded import files are kept: a small key → bytes store. The product keeps them on
 * disk under IMPORT_DIR ({@link LocalImportStore}); an S3-compatible store can implement the
 * same interface. The API writes (upload) and the worker reads (processing), so in a deployment
 * with several hosts the store must be shared (a network disk or object storage).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  key: string;
  /** Bytes written. */
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface ImportFileStore {
  /**
   * Writes `source` under a new key; the object appears only when complete. Rejects (and
   * leaves nothing) when the stream errors, e.g. a size limit hit by the uploader.
   */
  put(source: Readable, suffix: string): Promise<StoredObject>;
  /** The bytes of `key` as a stream. */
  open(key: string): Readable;
  /** The bytes of `key` at once (files are bounded by IMPORT_MAX_BYTES). */
  read(key: string): Promise<Buffer>;
  /** A local path to the bytes, for readers that need a file (xlsx streaming). */
  localPath(key: string): Promise<string>;
  /** Removes `key`; no error when it is already gone. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Keys look like `2026/11/<uuid>.csv`: safe path segments only. */
const KEY_RE = /^[\w-]+(\/[\w-]+)*\.(csv|xlsx|json|bin)$/;

/** The import store on the local disk: `<dir>/<key>`. */
export class LocalImportStore implements ImportFileStore {
  constructor(readonly dir: string) {}

  private file(key: string): string {
    if (!KEY_RE.test(key)) throw new Error(`bad import store key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(source: Readable, suffix: string): Promise<StoredObject> {
    const now = new Date();
    const ext = ['csv', 'xlsx', 'json'].includes(suffix) ? suffix : 'bin';
    const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
    const final = this.file(key);
    const part = `${final}.part`;
    await mkdir(path.dirname(final), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, count, createWriteStream(part));
      await rename(part, final);
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  open(key: string): Readable {
    return createReadStream(this.file(key));
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  async localPath(key: string): Promise<string> {
    return this.file(key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.file(key)).then((s) => s.isFile(), () => false);
  }
}

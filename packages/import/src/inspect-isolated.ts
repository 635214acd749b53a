/**
 * The upload's inspection (read-table.ts inspectStoredFile) in worker threads with a heap limit
 * (issue 22 §3: one XLSX of 4.7 MB — 4 500 shared strings of 1 MB — took an API process to
 * 4.3 GB and killed it, and with it every request of that process). A file that needs more than
 * `heapMb` of heap ends only its thread (node:worker_threads resourceLimits, V8 stops the
 * isolate: ERR_WORKER_OUT_OF_MEMORY) and its request gets 400 on `file` «Файл слишком сложен для
 * разбора…» naming the limit; one that reads longer than `timeoutMs` likewise («…не уложилась в
 * N с»). The bounds of the file itself (xlsx-limits.ts, the CSV record bound) are checked inside,
 * before anything large is allocated; the heap limit is the backstop for what they cannot see.
 *
 * At most `threads` files are inspected at once per process (the others wait their turn), so
 * uploads together never hold more than threads × heapMb. A thread is kept for the next file
 * (unref'd while idle: it never keeps a process alive) and replaced after it dies; a thread that
 * dies without answering (not of its heap limit) gets the file once more on a fresh thread.
 *
 * Runs compiled (the API's bundle: `dist/import-inspect.js` beside it) or from the sources
 * (tests, `pnpm dev`: the thread loads inspect-thread.ts through tsx).
 */
import { Worker } from 'node:worker_threads';
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';
import type { FileInspection } from './read-table';
import { inspectStoredFile } from './read-table';
import type { ImportFileStore } from './storage';
import { LocalImportStore } from './storage';

/** Set by the bundle's banner (scripts/lib/bundle-plugin.ts): the URL of the running bundle. */
declare const __TKO_BUNDLE_URL__: string | undefined;

export interface InspectLimits {
  /** Old-generation heap of one inspection thread, MiB. */
  heapMb: number;
  /** Longest an inspection may take, ms. */
  timeoutMs: number;
  /** Inspections at once per process. */
  threads: number;
}

export const DEFAULT_INSPECT_LIMITS: InspectLimits = { heapMb: 512, timeoutMs: 120_000, threads: 2 };

type Answer = { ok: true; info: FileInspection } | { ok: false; input?: { message: string; field: string }; error?: string };

function threadEntry(): { file: URL; execArgv?: string[] } {
  if (typeof __TKO_BUNDLE_URL__ === 'string') return { file: new URL('./import-inspect.js', __TKO_BUNDLE_URL__) };
  return { file: new URL('./inspect-thread.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

export interface Inspector {
  /** inspectStoredFile(store, key), isolated; the same answers and ImportInputErrors. */
  inspect(store: ImportFileStore, key: string): Promise<FileInspection>;
  /** Ends the idle threads. */
  close(): Promise<void>;
}

/** An inspector with `limits`. A store that is not on the local disk is inspected in-process. */
export function createInspector(limits: InspectLimits = DEFAULT_INSPECT_LIMITS): Inspector {
  const idle: Worker[] = [];
  const waiting: (() => void)[] = [];
  let running = 0;
  const acquire = async () => {
    if (running < limits.threads) running++;
    else await new Promise<void>((r) => waiting.push(r)); // the slot is handed over by release
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const spawn = () => {
    const { file, execArgv } = threadEntry();
    const worker = new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb }, stdout: false, stderr: false });
    // A thread that fails while idle (an error left by the stream of the file it read last) is
    // dropped from the idle list; without a listener its 'error' would be thrown in this process.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
    });
    return worker;
  };

  const once = (dir: string, key: string) =>
    new Promise<FileInspection>((resolve, reject) => {
      const worker = idle.pop() ?? spawn();
      worker.ref();
      const settle = (keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep) {
          worker.unref();
          idle.push(worker);
        } else void worker.terminate();
      };
      const onMessage = (m: Answer) => {
        settle(true);
        if (m.ok) resolve(m.info);
        else if (m.input) reject(new ImportInputError(m.input.message, m.input.field));
        else reject(new Error(`import inspection failed: ${m.error}`));
      };
      const onError = (e: Error & { code?: string }) => {
        settle(false);
        reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportInputError(IMPORT_MSG.tooComplex(limits.heapMb), 'file') : Object.assign(e, { threadDied: true }));
      };
      const onExit = (code: number) => {
        settle(false);
        reject(Object.assign(new Error(`import inspection thread exited with code ${code}`), { threadDied: true }));
      };
      const timer = setTimeout(() => {
        settle(false);
        reject(new ImportInputError(IMPORT_MSG.tooSlow(Math.round(limits.timeoutMs / 1000)), 'file'));
      }, limits.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ dir, key });
    });

  return {
    async inspect(store, key) {
      if (!(store instanceof LocalImportStore)) return inspectStoredFile(store, key);
      await acquire();
      try {
        try {
          return await once(store.dir, key);
        } catch (e) {
          // A thread that died without answering (an uncaught error, possibly left by the stream of
          // an earlier file it read) is replaced and the file read once more; a second death is
          // this file's own and is thrown.
          if (!(e as { threadDied?: boolean }).threadDied) throw e;
          return await once(store.dir, key);
        }
      } finally {
        release();
      }
    },
    async close() {
      await Promise.all(idle.splice(0).map((w) => w.terminate()));
    },
  };
}

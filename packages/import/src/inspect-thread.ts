/**
 * The thread of inspect-isolated.ts: for each message `{dir, key}` inspects stored file `key` of
 * the local store `dir` with inspectStoredFile and answers one message — `{ok: true, info}`,
 * `{ok: false, input: {message, field}}` for the file's own fault (ImportInputError) or
 * `{ok: false, error}` for anything else. One file at a time; the thread is reused until it
 * dies. Built as its own entry of the API's bundle (scripts/build-server.ts:
 * `dist/import-inspect.js`).
 */
import { parentPort } from 'node:worker_threads';
import { ImportInputError } from './errors';
import { inspectStoredFile } from './read-table';
import { LocalImportStore } from './storage';

parentPort!.on('message', (m: { dir: string; key: string }) => {
  inspectStoredFile(new LocalImportStore(m.dir), m.key).then(
    (info) => parentPort!.postMessage({ ok: true, info }),
    (e: unknown) => parentPort!.postMessage(e instanceof ImportInputError ? { ok: false, input: { message: e.message, field: e.field } } : { ok: false, error: (e as Error)?.stack ?? String(e) }),
  );
});

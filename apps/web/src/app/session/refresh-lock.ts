/**
 * One refresh at a time across the tabs of this origin, and what the last refreshes gave
 * (docs/ARCHITECTURE.md «Sessions»). Refresh tokens are single-use: a token sent twice is a
 * reuse and the server revokes the whole session (issue 8 §3). So:
 *
 * - {@link withRefreshLock}: Web Locks (`navigator.locks`, lock `tko.auth.refresh`) where the
 *   page is a secure context (https, localhost); on a plain-HTTP install, where browsers do not
 *   offer Web Locks, a lease in IndexedDB taken by an atomic read-and-write transaction
 *   (idb-keyval `update`), its release announced on a BroadcastChannel, else re-tried every
 *   {@link LEASE_POLL_MS}; a lease left by a closed tab ends after {@link LEASE_MS}.
 * - {@link recordRotation} / {@link rotatedFrom}: the holder writes «token X was spent for the
 *   pair Y» to IndexedDB before releasing; the next holder looks its own token up there first.
 *   localStorage alone is not enough: another tab's write reaches this tab's copy of it
 *   asynchronously, so a tab granted the lock right after the rotation could still read the
 *   spent token and send it again.
 * Without IndexedDB (some private modes) both degrade to the old behaviour: Web Locks or none.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';

/** How long a lease is held at most (a refresh call that hangs longer gives it up). */
export const LEASE_MS = 15_000;
/** How often a tab waiting for a lease looks again when no release message came. */
export const LEASE_POLL_MS = 250;
/** Rotations remembered (a tab asleep across several refreshes follows the chain). */
const KEEP_ROTATIONS = 8;

const LOCK_NAME = 'tko.auth.refresh';
const LEASE_KEY = 'lease';
const ROTATIONS_KEY = 'rotations';

/** One refresh: `spent` was sent, `access`/`refresh` came back. */
export interface Rotation {
  spent: string;
  access: string;
  refresh: string;
}

interface Lease {
  owner: string;
  until: number;
}

let store: UseStore | null | undefined;
function idbStore(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : createStore('tko-auth', 'refresh');
  } catch {
    store = null;
  }
  return store;
}

/** Runs `fn` while no other tab of this origin runs a refresh (see the module note). */
export function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(LOCK_NAME, fn);
  const s = idbStore();
  return s ? withLease(s, fn) : fn();
}

async function withLease<T>(s: UseStore, fn: () => Promise<T>): Promise<T> {
  const owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK_NAME);
  try {
    for (;;) {
      const seen: { lease?: Lease } = {};
      try {
        await update<Lease | undefined>(LEASE_KEY, (cur) => (seen.lease = !cur || cur.until <= Date.now() ? { owner, until: Date.now() + LEASE_MS } : cur), s);
      } catch (e) {
        console.warn('Нет доступа к IndexedDB: обновление токена без блокировки вкладок', e);
        return await fn();
      }
      if (seen.lease?.owner === owner) break;
      const wait = Math.max(0, Math.min(LEASE_POLL_MS, (seen.lease?.until ?? 0) - Date.now()));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          channel?.removeEventListener('message', done);
          resolve();
        }
        channel?.addEventListener('message', done);
      });
    }
    try {
      return await fn();
    } finally {
      await update<Lease | undefined>(LEASE_KEY, (cur) => (cur?.owner === owner ? undefined : cur), s).catch(() => undefined);
      channel?.postMessage('released');
    }
  } finally {
    channel?.close();
  }
}

/** Remembers a rotation (call before releasing the lock); failures only cost the protection. */
export async function recordRotation(r: Rotation): Promise<void> {
  const s = idbStore();
  if (!s) return;
  await update<Rotation[] | undefined>(ROTATIONS_KEY, (cur) => [...(cur ?? []).filter((x) => x.spent !== r.spent), r].slice(-KEEP_ROTATIONS), s).catch((e: unknown) =>
    console.warn('Не удалось записать обновление токена в IndexedDB', e),
  );
}

/** The newest pair that follows `refresh` through the remembered rotations, or null when it was not spent. */
export async function rotatedFrom(refresh: string): Promise<Rotation | null> {
  const s = idbStore();
  if (!s) return null;
  const list = await get<Rotation[]>(ROTATIONS_KEY, s).catch(() => undefined);
  if (!list?.length) return null;
  let found: Rotation | null = null;
  let token = refresh;
  for (let hops = 0; hops < list.length; hops += 1) {
    const next = list.find((x) => x.spent === token);
    if (!next) break;
    found = next;
    token = next.refresh;
  }
  return found;
}

/** Forgets the remembered rotations (sign-in, sign-out): they hold live tokens. */
export async function forgetRotations(): Promise<void> {
  const s = idbStore();
  if (!s) return;
  await update(ROTATIONS_KEY, () => undefined, s).catch(() => undefined);
}

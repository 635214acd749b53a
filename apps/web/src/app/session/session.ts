/**
 * The app's one session, wired to the browser: localStorage, timers, `online` events, fetch.
 * Refresh tokens are single-use (issue 8 §3): each refresh answers a new pair, stored at once;
 * tabs refresh one at a time (refresh-lock.ts: Web Locks, or an IndexedDB lease on plain HTTP),
 * and a tab that waited uses the pair another tab got (recorded in IndexedDB before the lock is
 * released, and in localStorage) instead of spending the old token again (which would end the
 * session everywhere).
 */
import { logoutRoute, TokenPairSchema } from '@tko/contract';
import { SessionManager, type RefreshResult } from './session-manager';
import { forgetRotations, recordRotation, rotatedFrom, withRefreshLock } from './refresh-lock';
import { memoryStorage, TokenStorage, type KeyValueStorage } from './token-storage';

export const REFRESH_URL = '/api/auth/token/refresh/';

function browserStorage(): KeyValueStorage {
  try {
    const s = window.localStorage;
    s.getItem('probe');
    return s;
  } catch {
    return memoryStorage();
  }
}

const storage = new TokenStorage(browserStorage());

function requestRefresh(refresh: string): Promise<RefreshResult> {
  return withRefreshLock(async () => {
    // Another tab rotated while this one waited: take its pair (IndexedDB is current at once, localStorage may lag).
    const known = await rotatedFrom(refresh);
    if (known) return { ok: true, access: known.access, refresh: known.refresh };
    const stored = storage.read();
    if (stored.refresh && stored.access && stored.refresh !== refresh) return { ok: true, access: stored.access, refresh: stored.refresh };
    const result = await rotate(refresh);
    if (result.ok && result.refresh) await recordRotation({ spent: refresh, access: result.access, refresh: result.refresh });
    return result;
  });
}

async function rotate(refresh: string): Promise<RefreshResult> {
  try {
    const res = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'ru' },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) return { ok: false, network: res.status >= 502 && res.status <= 504 };
    const parsed = TokenPairSchema.safeParse(await res.json());
    return parsed.success ? { ok: true, access: parsed.data.access, refresh: parsed.data.refresh } : { ok: false, network: false };
  } catch (e) {
    console.warn('Не удалось обновить токен', e);
    return { ok: false, network: true };
  }
}

export const session = new SessionManager({
  storage,
  now: () => Date.now(),
  isOnline: () => navigator.onLine,
  onOnline: (cb) => {
    window.addEventListener('online', cb);
    return () => window.removeEventListener('online', cb);
  },
  requestRefresh,
  setTimer: (cb, ms) => window.setTimeout(cb, Math.min(ms, 2_147_000_000)),
  clearTimer: (h) => window.clearTimeout(h as number),
});
session.onSignOut(() => void forgetRotations());

/**
 * «Выйти»: ends the session on the server too (POST /api/auth/logout/ revokes the refresh
 * token's family, issue 8 §3), then here. The call is sent with keepalive and not awaited, so
 * signing out never waits for the network; a failure leaves a token that expires by itself.
 */
export function logOut(): void {
  const { refresh } = storage.read();
  session.signOut('user');
  if (!refresh) return;
  void fetch(logoutRoute.path, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'ru' },
    body: JSON.stringify({ refresh }),
  }).catch((e: unknown) => console.warn('Не удалось завершить сессию на сервере', e));
}

/** Re-checks the tokens when the tab wakes up (timers sleep in background tabs) or another tab signs in/out. */
export function watchSessionEvents(): () => void {
  const wake = () => {
    if (document.visibilityState === 'visible') session.check();
  };
  const storage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('tko.auth.')) session.syncFromStorage();
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
  window.addEventListener('storage', storage);
  session.check();
  return () => {
    document.removeEventListener('visibilitychange', wake);
    window.removeEventListener('online', wake);
    window.removeEventListener('storage', storage);
  };
}

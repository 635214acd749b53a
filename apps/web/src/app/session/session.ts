/** The app's one session, wired to the browser: localStorage, timers, `online` events, fetch. */
import { AccessTokenSchema } from '@tko/contract';
import { SessionManager, type RefreshResult } from './session-manager';
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

async function requestRefresh(refresh: string): Promise<RefreshResult> {
  try {
    const res = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'ru' },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) return { ok: false, network: res.status >= 502 && res.status <= 504 };
    const parsed = AccessTokenSchema.safeParse(await res.json());
    return parsed.success ? { ok: true, access: parsed.data.access } : { ok: false, network: false };
  } catch (e) {
    console.warn('Не удалось обновить токен', e);
    return { ok: false, network: true };
  }
}

export const session = new SessionManager({
  storage: new TokenStorage(browserStorage()),
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

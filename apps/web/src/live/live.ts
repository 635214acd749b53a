/**
 * The app's one live connection, wired to the browser: @stomp/stompjs (imported on the first
 * connect) over the websocket
 * `ws(s)://<this host>/ws/` (the API serves the app on the same address), the session's tokens,
 * and the `online` / `offline` events. Started once by {@link LiveEffects}; `window.__live`
 * exposes its status to the browser tests.
 */
import type { Client } from '@stomp/stompjs';
import { WS_PATH } from '@tko/contract';
import { session } from '../app/session/session';
import { LiveConnection, type LiveStatus } from './live-connection';
import { lazyStompPort } from './stomp-port';

/** Pause before a reconnect after the connection was lost or refused, ms. */
export const RECONNECT_DELAY_MS = 3000;

export function brokerUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}

let counter = 0;
/** A correlation id unique in this tab (crypto.randomUUID needs a secure context). */
function newId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The STOMP client, its library loaded on the first connect (after sign-in; issue 15: not on /auth/). */
async function createClient(): Promise<Client> {
  const { Client } = await import('@stomp/stompjs');
  return new Client({
    brokerURL: brokerUrl(window.location),
    reconnectDelay: RECONNECT_DELAY_MS,
    connectionTimeout: 10_000,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    debug: () => undefined,
  });
}

export const live = new LiveConnection({
  port: lazyStompPort(createClient),
  session: {
    signedIn: () => session.getState().signedIn,
    subscribe: (cb) => session.subscribe(cb),
    validAccessToken: () => session.validAccessToken(),
    refreshNow: () => session.refreshNow(),
  },
  network: {
    isOnline: () => navigator.onLine,
    subscribe: (cb) => {
      const on = () => cb(true);
      const off = () => cb(false);
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
      };
    },
  },
  timers: { setTimer: (cb, ms) => window.setTimeout(cb, ms), clearTimer: (h) => window.clearTimeout(h as number) },
  newId,
});

declare global {
  interface Window {
    /** For the browser tests: the live connection's state. */
    __live?: { status(): LiveStatus; lastError(): string | null };
  }
}
window.__live = { status: () => live.getStatus(), lastError: () => live.getLastError() };

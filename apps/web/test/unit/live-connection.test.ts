/**
 * The live connection's lifecycle (spec 01 §4, §7, §8) driven by hand: a fake STOMP client
 * standing for @stomp/stompjs (it records CONNECT headers, SUBSCRIBE and SEND frames and lets the
 * test answer them), a session, the network events and a clock.
 */
import { describe, expect, it } from 'vitest';
import { DESTINATIONS, WS_REQUEST_TIMEOUT_MS } from '@tko/contract';
import { LiveConnection, REPLY_QUEUE, TOKEN_REFUSED } from '../../src/live/live-connection';
import { LiveRequestError, RequestTracker } from '../../src/live/request-tracker';
import type { StompFrameLike, StompHandlers, StompPort } from '../../src/live/stomp-port';

/** Timers on a hand-driven clock. */
function clock() {
  let now = 0;
  let nextId = 1;
  const timers: { at: number; cb: () => void; id: number }[] = [];
  return {
    timers: {
      setTimer: (cb: () => void, ms: number) => {
        const id = nextId++;
        timers.push({ at: now + ms, cb, id });
        return id;
      },
      clearTimer: (h: unknown) => {
        const i = timers.findIndex((t) => t.id === h);
        if (i >= 0) timers.splice(i, 1);
      },
    },
    pending: () => timers.length,
    advance(ms: number) {
      now += ms;
      for (const t of [...timers].sort((a, b) => a.at - b.at)) {
        if (t.at <= now && timers.includes(t)) {
          timers.splice(timers.indexOf(t), 1);
          t.cb();
        }
      }
    },
  };
}

/** A STOMP client that connects when the test says so. */
class FakeStomp implements StompPort {
  active = false;
  connected = false;
  handlers!: StompHandlers;
  connectHeaders: Record<string, string> = {};
  activations = 0;
  subscriptions: { destination: string; headers: Record<string, string>; onMessage: (m: StompFrameLike) => void; open: boolean }[] = [];
  sent: { destination: string; headers: Record<string, string>; body: string }[] = [];
  receipts = new Map<string, () => void>();

  configure(h: StompHandlers) {
    this.handlers = h;
  }
  setConnectHeaders(h: Record<string, string>) {
    this.connectHeaders = h;
  }
  activate() {
    this.active = true;
    this.activations += 1;
  }
  async deactivate() {
    const was = this.connected;
    this.active = false;
    this.connected = false;
    if (was) this.handlers.onWebSocketClose();
  }
  subscribe(destination: string, onMessage: (m: StompFrameLike) => void, headers: Record<string, string>) {
    const s = { destination, headers, onMessage, open: true };
    this.subscriptions.push(s);
    return { unsubscribe: () => void (s.open = false) };
  }
  publish(p: { destination: string; headers: Record<string, string>; body: string }) {
    if (!this.connected) throw new Error('There is no underlying STOMP connection');
    this.sent.push(p);
  }
  watchForReceipt(id: string, cb: () => void) {
    this.receipts.set(id, cb);
  }

  /** The client runs beforeConnect, then the broker answers CONNECTED. */
  async connect() {
    await this.handlers.beforeConnect();
    if (!this.active) return;
    this.connected = true;
    this.handlers.onConnect();
  }
  /** The socket drops (the client stays active and will reconnect). */
  drop() {
    this.connected = false;
    this.subscriptions.forEach((s) => (s.open = false));
    this.handlers.onWebSocketClose();
  }
  /** Open subscriptions to `destination`. */
  open(destination: string) {
    return this.subscriptions.filter((s) => s.open && s.destination === destination);
  }
  deliver(destination: string, body: unknown, headers: Record<string, string> = {}) {
    for (const s of this.open(destination)) s.onMessage({ headers: { destination, ...headers }, body: JSON.stringify(body) });
  }
}

function harness(opts: { signedIn?: boolean; online?: boolean } = {}) {
  const port = new FakeStomp();
  const c = clock();
  let signedIn = opts.signedIn ?? true;
  let online = opts.online ?? true;
  let token = 'access-1';
  let refreshes = 0;
  const sessionListeners = new Set<() => void>();
  const networkListeners = new Set<(online: boolean) => void>();
  let ids = 0;
  const conn = new LiveConnection({
    port,
    session: {
      signedIn: () => signedIn,
      subscribe: (cb) => {
        sessionListeners.add(cb);
        return () => sessionListeners.delete(cb);
      },
      validAccessToken: async () => (signedIn ? token : null),
      refreshNow: async () => {
        refreshes += 1;
        token = `access-${refreshes + 1}`;
        return signedIn ? token : null;
      },
    },
    network: {
      isOnline: () => online,
      subscribe: (cb) => {
        networkListeners.add(cb);
        return () => networkListeners.delete(cb);
      },
    },
    timers: c.timers,
    newId: () => `req-${++ids}`,
  });
  return {
    port,
    conn,
    clock: c,
    get refreshes() {
      return refreshes;
    },
    setSignedIn(v: boolean) {
      signedIn = v;
      for (const l of sessionListeners) l();
    },
    setOnline(v: boolean) {
      online = v;
      for (const l of networkListeners) l(v);
    },
  };
}

describe('live connection lifecycle', () => {
  it('opens at start for a signed-in user, with the access token in CONNECT', async () => {
    const h = harness();
    h.conn.start();
    expect(h.port.active).toBe(true);
    expect(h.conn.getStatus()).toBe('connecting');
    await h.port.connect();
    expect(h.port.connectHeaders).toEqual({ Authorization: 'Bearer access-1' });
    expect(h.conn.getStatus()).toBe('connected');
    // Answers come back on this connection's temp queue.
    expect(h.port.open(REPLY_QUEUE)).toHaveLength(1);
  });

  it('stays closed for an anonymous visitor and opens on sign-in, closes on sign-out', async () => {
    const h = harness({ signedIn: false });
    h.conn.start();
    expect(h.port.active).toBe(false);
    expect(h.conn.getStatus()).toBe('off');
    h.setSignedIn(true);
    expect(h.port.active).toBe(true);
    await h.port.connect();
    expect(h.conn.getStatus()).toBe('connected');
    h.setSignedIn(false);
    expect(h.port.active).toBe(false);
    expect(h.conn.getStatus()).toBe('off');
  });

  it('is closed when the device goes offline and reopened when it is back online', async () => {
    const h = harness();
    h.conn.start();
    await h.port.connect();
    h.setOnline(false);
    expect(h.port.active).toBe(false);
    expect(h.conn.getStatus()).toBe('offline');
    h.setOnline(true);
    expect(h.port.active).toBe(true);
    expect(h.port.activations).toBe(2);
    await h.port.connect();
    expect(h.conn.getStatus()).toBe('connected');
  });

  it('does not open while the device starts offline', () => {
    const h = harness({ online: false });
    h.conn.start();
    expect(h.port.active).toBe(false);
    expect(h.conn.getStatus()).toBe('offline');
  });

  it('takes a fresh token at every reconnect, refreshing it first after the broker refused one', async () => {
    const h = harness();
    h.conn.start();
    await h.port.connect();
    h.port.handlers.onStompError({ headers: { message: TOKEN_REFUSED }, body: '' });
    h.port.drop();
    expect(h.conn.getStatus()).toBe('connecting');
    await h.port.connect();
    expect(h.refreshes).toBe(1);
    expect(h.port.connectHeaders).toEqual({ Authorization: 'Bearer access-2' });
    // The next reconnect does not refresh again.
    h.port.drop();
    await h.port.connect();
    expect(h.refreshes).toBe(1);
  });

  it('reconnects with a fresh token when the broker ends the session at its token\'s expiry', async () => {
    const h = harness();
    h.conn.start();
    await h.port.connect();
    // The broker's ERROR at `exp` (apps/api stomp/session-end.ts), then its close.
    h.port.handlers.onStompError({ headers: { message: `${TOKEN_REFUSED} — срок действия истёк` }, body: '' });
    h.port.drop();
    await h.port.connect();
    expect(h.refreshes).toBe(1);
    expect(h.port.connectHeaders).toEqual({ Authorization: 'Bearer access-2' });
    expect(h.conn.getStatus()).toBe('connected');
  });

  it('gives up connecting when the session ended meanwhile', async () => {
    const h = harness();
    h.conn.start();
    h.setSignedIn(false);
    h.port.active = true; // the client was already inside its connect attempt
    await h.port.connect();
    expect(h.port.active).toBe(false);
    expect(h.port.connected).toBe(false);
  });

  it('stop() closes the connection and stops following the session', async () => {
    const h = harness();
    const stop = h.conn.start();
    await h.port.connect();
    stop();
    expect(h.port.active).toBe(false);
    h.setSignedIn(true);
    expect(h.port.active).toBe(false);
  });
});

describe('subscriptions', () => {
  it('delivers parsed bodies and subscribes again after a reconnect', async () => {
    const h = harness();
    h.conn.start();
    const got: unknown[] = [];
    const off = h.conn.subscribe(DESTINATIONS.notifications, (b) => got.push(b));
    expect(h.port.subscriptions.filter((s) => s.destination === DESTINATIONS.notifications)).toHaveLength(0); // not yet connected
    await h.port.connect();
    h.port.deliver(DESTINATIONS.notifications, { id: 1 });
    h.port.drop();
    await h.port.connect();
    h.port.deliver(DESTINATIONS.notifications, { id: 2 });
    expect(got).toEqual([{ id: 1 }, { id: 2 }]);
    off();
    expect(h.port.open(DESTINATIONS.notifications)).toHaveLength(0);
    h.port.drop();
    await h.port.connect();
    expect(h.port.open(DESTINATIONS.notifications)).toHaveLength(0);
  });

  it('asks for a receipt, reports it, and drops a subscription the broker refused', async () => {
    const h = harness();
    h.conn.start();
    await h.port.connect();
    const errors: string[] = [];
    let ready = 0;
    h.conn.subscribe(DESTINATIONS.job('gone'), () => undefined, { onError: (m) => errors.push(m), onReady: () => (ready += 1) });
    h.conn.subscribe(DESTINATIONS.notifications, () => undefined);
    const job = h.port.open(DESTINATIONS.job('gone'))[0]!;
    expect(job.headers.receipt).toMatch(/^sub-/);
    h.port.receipts.get(h.port.open(DESTINATIONS.notifications)[0]!.headers.receipt!)!();
    expect(ready).toBe(0); // the receipt of another subscription
    h.port.handlers.onStompError({ headers: { message: 'Фоновая задача не найдена', 'receipt-id': job.headers.receipt! }, body: '' });
    h.port.drop();
    expect(errors).toEqual(['Фоновая задача не найдена']);
    await h.port.connect();
    expect(h.port.open(DESTINATIONS.job('gone'))).toHaveLength(0);
    expect(h.port.open(DESTINATIONS.notifications)).toHaveLength(1);
    expect(h.conn.getLastError()).toBeNull();
  });
});

describe('requests over the connection', () => {
  it('sends to /app/requests with reply-to and correlation-id and resolves with the answer', async () => {
    const h = harness();
    h.conn.start();
    await h.port.connect();
    const answer = h.conn.request({ method: 'GET', path: '/api/notifications/unread-count/' });
    const sent = h.port.sent[0]!;
    expect(sent.destination).toBe('/app/requests');
    expect(sent.headers['reply-to']).toBe(REPLY_QUEUE);
    expect(JSON.parse(sent.body)).toEqual({ method: 'GET', path: '/api/notifications/unread-count/' });
    h.port.deliver(REPLY_QUEUE, { status: 200, body: { unread_count: 3 }, content_type: 'application/json' }, { 'correlation-id': sent.headers['correlation-id']! });
    await expect(answer).resolves.toEqual({ status: 200, body: { unread_count: 3 }, content_type: 'application/json' });
  });

  it('rejects with TIMEOUT after 5 s without an answer, ignoring a late one', async () => {
    const h = harness();
    h.conn.start();
    await h.port.connect();
    const answer = h.conn.request({ method: 'GET', path: '/api/x/' });
    const rejected = expect(answer).rejects.toThrow('TIMEOUT');
    h.clock.advance(WS_REQUEST_TIMEOUT_MS - 1);
    h.clock.advance(1);
    await rejected;
    await expect(answer).rejects.toBeInstanceOf(LiveRequestError);
    h.port.deliver(REPLY_QUEUE, { status: 200, body: null, content_type: null }, { 'correlation-id': h.port.sent[0]!.headers['correlation-id']! });
  });

  it('rejects with NOT CONNECTED without a connection, and when it is lost meanwhile', async () => {
    const h = harness({ signedIn: false });
    h.conn.start();
    await expect(h.conn.request({ method: 'GET', path: '/api/x/' })).rejects.toThrow('NOT CONNECTED');
    h.setSignedIn(true);
    await h.port.connect();
    const answer = h.conn.request({ method: 'GET', path: '/api/x/' });
    h.setOnline(false);
    await expect(answer).rejects.toThrow('NOT CONNECTED');
    expect(h.clock.pending()).toBe(0);
  });
});

describe('request tracker', () => {
  it('settles each id once and clears its timer', async () => {
    const c = clock();
    const t = new RequestTracker(c.timers, 100);
    const a = t.track('a');
    expect(t.size).toBe(1);
    expect(t.settle('a', 1)).toBe(true);
    expect(t.settle('a', 2)).toBe(false);
    await expect(a).resolves.toBe(1);
    expect(c.pending()).toBe(0);
  });
});

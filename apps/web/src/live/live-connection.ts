/**
 * The live connection of spec 01 §4, §7 as a small state machine without React: one STOMP
 * connection to `/ws/`, open while a user is signed in and the device is online — opened when
 * the application starts, closed on `offline`, reopened on `online`, closed on sign-out — each
 * (re)connect sending a valid access token in CONNECT (`Authorization: Bearer …`).
 *
 * - Subscriptions ({@link subscribe}) are kept across reconnects and made again on every
 *   CONNECTED. Each SUBSCRIBE asks for a receipt: the broker refuses a subscription with an ERROR
 *   carrying that `receipt-id` and closes the socket (docs/REALTIME.md), so the refused
 *   subscription is dropped (its `onError` is told) and the others come back on the reconnect.
 * - Requests ({@link request}): SEND to `/app/requests` with `reply-to` and `correlation-id`;
 *   the promise rejects with `TIMEOUT` after 5 s and with `NOT CONNECTED` when there is no
 *   connection or it is lost meanwhile ({@link RequestTracker}).
 * - An ERROR refusing the token makes the next connect refresh it first.
 *
 * The STOMP client, session, network state, timers and ids are injected (`live.ts` wires the
 * browser's), so the unit tests drive every transition.
 */
import { DESTINATIONS, WsResponseSchema, type WsRequest, type WsResponse } from '@tko/contract';
import { LiveRequestError, RequestTracker, type TrackerTimers } from './request-tracker';
import type { StompFrameLike, StompPort } from './stomp-port';

/** `off`: nobody signed in; `offline`: the device is offline; `connecting` (also between retries); `connected`. */
export type LiveStatus = 'off' | 'offline' | 'connecting' | 'connected';

/** The broker's refusal of a token (docs/REALTIME.md "Connecting"). */
export const TOKEN_REFUSED = 'Нужен действительный токен доступа';
/** Where this session's answers come back (a temp queue is private to the connection). */
export const REPLY_QUEUE = '/temp-queue/replies';

export interface LiveSession {
  signedIn(): boolean;
  /** Calls `cb` whenever the session changes (sign-in, sign-out, profile). */
  subscribe(cb: () => void): () => void;
  /** A valid access token (refreshed when near expiry), null without a session. */
  validAccessToken(): Promise<string | null>;
  /** A new access token now. */
  refreshNow(): Promise<string | null>;
}

export interface LiveNetwork {
  isOnline(): boolean;
  /** Calls `cb(online)` on the `online` / `offline` events. */
  subscribe(cb: (online: boolean) => void): () => void;
}

export interface LiveDeps {
  port: StompPort;
  session: LiveSession;
  network: LiveNetwork;
  timers: TrackerTimers;
  newId(): string;
  /** Request time-out, ms (default 5000, spec 01 §9). */
  timeoutMs?: number;
}

export interface SubscribeOptions {
  /** The broker refused the subscription (message of its ERROR, Russian); it is not made again. */
  onError?(message: string): void;
  /** The broker confirmed the subscription (after each connect). */
  onReady?(): void;
}

interface Wanted {
  key: number;
  destination: string;
  handler: (body: unknown, frame: StompFrameLike) => void;
  opts: SubscribeOptions;
  live: { unsubscribe(): void } | null;
  receipt: string | null;
}

/** JSON bodies parsed; anything else handed over as text. */
function parseBody(frame: StompFrameLike): unknown {
  if (!frame.body) return null;
  try {
    return JSON.parse(frame.body) as unknown;
  } catch {
    return frame.body;
  }
}

export class LiveConnection {
  private readonly tracker: RequestTracker;
  private readonly wanted = new Map<number, Wanted>();
  private readonly listeners = new Set<() => void>();
  private nextKey = 1;
  private attempt = 0;
  private status: LiveStatus = 'off';
  private refreshFirst = false;
  private repliesReady = false;
  private lastError: string | null = null;

  constructor(private readonly deps: LiveDeps) {
    this.tracker = new RequestTracker(deps.timers, deps.timeoutMs);
    deps.port.configure({
      beforeConnect: () => this.beforeConnect(),
      onConnect: () => this.onConnect(),
      onStompError: (frame) => this.onStompError(frame),
      onWebSocketClose: () => this.onClose(),
    });
  }

  /** Follows the session and the network; opens the connection when it should be open. Returns stop. */
  start(): () => void {
    const offSession = this.deps.session.subscribe(() => this.sync());
    const offNetwork = this.deps.network.subscribe(() => this.sync());
    this.sync();
    return () => {
      offSession();
      offNetwork();
      this.close(this.deps.network.isOnline() ? 'off' : 'offline');
    };
  }

  getStatus = (): LiveStatus => this.status;

  /** The message of the last ERROR frame (Russian), for diagnostics. */
  getLastError(): string | null {
    return this.lastError;
  }

  onStatus = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Receives the messages of `destination` (JSON bodies parsed) while the connection is open,
   * across reconnects, until the returned function is called.
   */
  subscribe(destination: string, handler: (body: unknown, frame: StompFrameLike) => void, opts: SubscribeOptions = {}): () => void {
    const w: Wanted = { key: this.nextKey++, destination, handler, opts, live: null, receipt: null };
    this.wanted.set(w.key, w);
    if (this.deps.port.connected) this.doSubscribe(w);
    return () => {
      this.wanted.delete(w.key);
      if (w.live && this.deps.port.connected) w.live.unsubscribe();
      w.live = null;
    };
  }

  /** One API call over the connection (docs/REALTIME.md "Request/response"). */
  async request(req: WsRequest): Promise<WsResponse> {
    if (!this.deps.port.connected || !this.repliesReady) throw new LiveRequestError('NOT CONNECTED');
    const id = this.deps.newId();
    const answer = this.tracker.track(id);
    try {
      this.deps.port.publish({
        destination: DESTINATIONS.requests,
        headers: { 'reply-to': REPLY_QUEUE, 'correlation-id': id, 'content-type': 'application/json' },
        body: JSON.stringify(req),
      });
    } catch {
      this.tracker.settle(id, null);
      throw new LiveRequestError('NOT CONNECTED');
    }
    return WsResponseSchema.parse(await answer);
  }

  /** Should the connection be open now? Opens or closes it accordingly. */
  private sync(): void {
    const online = this.deps.network.isOnline();
    const want = online && this.deps.session.signedIn();
    if (want) {
      if (!this.deps.port.active) {
        this.setStatus('connecting');
        this.deps.port.activate();
      }
    } else {
      this.close(online ? 'off' : 'offline');
    }
  }

  private close(next: LiveStatus): void {
    this.repliesReady = false;
    for (const w of this.wanted.values()) w.live = null;
    this.tracker.failAll();
    if (this.deps.port.active) void this.deps.port.deactivate();
    this.setStatus(next);
  }

  private async beforeConnect(): Promise<void> {
    this.setStatus('connecting');
    const refresh = this.refreshFirst;
    this.refreshFirst = false;
    const token = refresh ? await this.deps.session.refreshNow() : await this.deps.session.validAccessToken();
    if (!token || !this.deps.network.isOnline()) {
      // Signed out or offline meanwhile: stay closed until sync() opens it again.
      this.close(this.deps.network.isOnline() ? 'off' : 'offline');
      return;
    }
    this.deps.port.setConnectHeaders({ Authorization: `Bearer ${token}` });
  }

  private onConnect(): void {
    this.attempt += 1;
    this.lastError = null;
    this.deps.port.subscribe(REPLY_QUEUE, (frame) => {
      const id = frame.headers['correlation-id'];
      if (id) this.tracker.settle(id, parseBody(frame));
    }, { id: 'replies' });
    this.repliesReady = true;
    for (const w of this.wanted.values()) this.doSubscribe(w);
    this.setStatus('connected');
  }

  private doSubscribe(w: Wanted): void {
    const receipt = `sub-${w.key}-${this.attempt}`;
    w.receipt = receipt;
    this.deps.port.watchForReceipt(receipt, () => {
      if (this.wanted.get(w.key) === w) w.opts.onReady?.();
    });
    w.live = this.deps.port.subscribe(w.destination, (frame) => w.handler(parseBody(frame), frame), { id: `sub-${w.key}`, receipt });
  }

  private onStompError(frame: StompFrameLike): void {
    const message = frame.headers.message ?? 'Ошибка соединения';
    this.lastError = message;
    const receipt = frame.headers['receipt-id'];
    const refused = receipt ? [...this.wanted.values()].find((w) => w.receipt === receipt) : undefined;
    if (refused) {
      this.wanted.delete(refused.key);
      refused.live = null;
      refused.opts.onError?.(message);
    }
    if (message.startsWith(TOKEN_REFUSED)) this.refreshFirst = true;
  }

  private onClose(): void {
    this.repliesReady = false;
    for (const w of this.wanted.values()) w.live = null;
    this.tracker.failAll();
    // The client reconnects by itself while active; otherwise it was closed on purpose.
    if (this.deps.port.active) this.setStatus('connecting');
  }

  private setStatus(next: LiveStatus): void {
    if (next === this.status) return;
    this.status = next;
    for (const l of this.listeners) l();
  }
}

/**
 * What the live connection needs from a STOMP client: the few calls of @stomp/stompjs's
 * `Client` it uses, as an interface of its own, so the lifecycle ({@link LiveConnection}) is
 * tested with a fake and wired to the real client in `live.ts` ({@link stompClientPort}).
 * {@link lazyStompPort} loads the client library only on the first `activate()` (after sign-in),
 * so pages opened without a session (/auth/, public lists, the map) never evaluate it (issue 15).
 */
import type { Client, IFrame, IMessage } from '@stomp/stompjs';

/** A received MESSAGE (or ERROR/RECEIPT frame): headers and the text body. */
export interface StompFrameLike {
  headers: Record<string, string>;
  body: string;
}

/** The client's events the connection reacts to. */
export interface StompHandlers {
  /** Before each (re)connect: sets the CONNECT headers (the access token); may deactivate. */
  beforeConnect(): Promise<void>;
  /** CONNECTED received. */
  onConnect(): void;
  /** An ERROR frame (the server closes the socket after it). */
  onStompError(frame: StompFrameLike): void;
  /** The websocket closed (error, server close, deactivate). */
  onWebSocketClose(): void;
}

export interface StompPort {
  /** True from activate() until deactivate(): the client is connecting or connected. */
  readonly active: boolean;
  readonly connected: boolean;
  configure(handlers: StompHandlers): void;
  setConnectHeaders(headers: Record<string, string>): void;
  activate(): void;
  deactivate(): Promise<void>;
  subscribe(destination: string, onMessage: (message: StompFrameLike) => void, headers: Record<string, string>): { unsubscribe(): void };
  publish(params: { destination: string; headers: Record<string, string>; body: string }): void;
  /** Calls `cb` when the RECEIPT with this id arrives. */
  watchForReceipt(receiptId: string, cb: () => void): void;
}

const plain = (f: IFrame | IMessage): StompFrameLike => ({ headers: { ...f.headers }, body: f.body });

/** The port over a real @stomp/stompjs client. */
export function stompClientPort(client: Client): StompPort {
  return {
    get active() {
      return client.active;
    },
    get connected() {
      return client.connected;
    },
    configure(h) {
      client.beforeConnect = () => h.beforeConnect();
      client.onConnect = () => h.onConnect();
      client.onStompError = (frame) => h.onStompError(plain(frame));
      client.onWebSocketClose = () => h.onWebSocketClose();
    },
    setConnectHeaders(headers) {
      client.connectHeaders = headers;
    },
    activate: () => client.activate(),
    deactivate: () => client.deactivate(),
    subscribe: (destination, onMessage, headers) => client.subscribe(destination, (m) => onMessage(plain(m)), headers),
    publish: (params) => client.publish(params),
    watchForReceipt: (id, cb) => client.watchForReceipt(id, () => cb()),
  };
}

/**
 * A port whose real client is created on the first `activate()` by `load` (a dynamic import of
 * @stomp/stompjs): until then `active` reflects the calls, `connected` is false, and the handlers
 * and CONNECT headers are kept and applied to the client when it arrives. A `deactivate()` while
 * loading wins: the client is then not activated. subscribe/publish/watchForReceipt are only called
 * by the connection while connected, hence after the load (they throw before it).
 */
export function lazyStompPort(load: () => Promise<Client>): StompPort {
  let real: StompPort | null = null;
  let loading: Promise<StompPort> | null = null;
  let handlers: StompHandlers | null = null;
  let headers: Record<string, string> = {};
  let wantActive = false;
  const loaded = (): StompPort => {
    if (!real) throw new Error('STOMP client not loaded yet');
    return real;
  };
  return {
    get active() {
      return real ? real.active : wantActive;
    },
    get connected() {
      return real ? real.connected : false;
    },
    configure(h) {
      handlers = h;
      real?.configure(h);
    },
    setConnectHeaders(h) {
      headers = h;
      real?.setConnectHeaders(h);
    },
    activate() {
      wantActive = true;
      if (real) return real.activate();
      loading ??= load().then((client) => {
        real = stompClientPort(client);
        if (handlers) real.configure(handlers);
        real.setConnectHeaders(headers);
        return real;
      });
      void loading.then((port) => {
        if (wantActive && !port.active) port.activate();
      });
    },
    async deactivate() {
      wantActive = false;
      if (real) await real.deactivate();
    },
    subscribe: (destination, onMessage, h) => loaded().subscribe(destination, onMessage, h),
    publish: (params) => loaded().publish(params),
    watchForReceipt: (id, cb) => loaded().watchForReceipt(id, cb),
  };
}

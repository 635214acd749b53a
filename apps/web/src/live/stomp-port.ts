/**
 * What the live connection needs from a STOMP client: the few calls of @stomp/stompjs's
 * `Client` it uses, as an interface of its own, so the lifecycle ({@link LiveConnection}) is
 * tested with a fake and wired to the real client in `live.ts` ({@link stompClientPort}).
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

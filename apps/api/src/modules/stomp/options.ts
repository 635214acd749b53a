/**
 * Limits and timings of the STOMP broker (docs/REALTIME.md "Limits"). Every value can be
 * overridden through `AppDeps.stomp` (tests use short heart-beats); the defaults suit a
 * browser client on a regional network.
 */
export interface StompOptions {
  /** Largest accepted frame (command + headers + body), bytes. Larger → ERROR. */
  maxFrameBytes: number;
  /** Largest accepted body, bytes. Larger → ERROR. */
  maxBodyBytes: number;
  /** Most headers in one frame. */
  maxHeaders: number;
  /** Longest command or header line, bytes. */
  maxHeaderLineBytes: number;
  /**
   * Largest websocket message, bytes: beyond it the websocket library closes the socket with
   * code 1009 before STOMP sees the frame. Kept above maxFrameBytes so that an oversize
   * frame normally gets a readable ERROR.
   */
  maxMessageBytes: number;
  /** Server heart-beat: how often it can send (sx) and wants to receive (sy), ms; 0 = never. */
  heartBeatOutMs: number;
  heartBeatInMs: number;
  /** A silent client is closed after this many negotiated receive intervals. */
  heartBeatGrace: number;
  /** A socket that sends no CONNECT within this time is closed, ms. */
  connectTimeoutMs: number;
  /** Subscriptions per session. */
  maxSubscriptions: number;
  /** Unacknowledged messages per client-ack subscription unless SUBSCRIBE says `prefetch-count`. */
  prefetch: number;
  /** Messages held per client-ack subscription while the prefetch window is full; the oldest are dropped beyond. */
  maxBacklog: number;
  /** Deliveries of one message after NACKs before it is dropped. */
  maxDeliveries: number;
  /** Open transactions per session and frames per transaction. */
  maxTransactions: number;
  maxTransactionFrames: number;
  /** Requests to /app/requests running at once per session; more are answered 429. */
  maxInflightRequests: number;
  /** Bytes queued on a socket (slow reader) beyond which the session is closed. */
  maxBufferedBytes: number;
}

export const DEFAULT_STOMP_OPTIONS: StompOptions = {
  maxFrameBytes: 1024 * 1024 + 64 * 1024,
  maxBodyBytes: 1024 * 1024,
  maxHeaders: 64,
  maxHeaderLineBytes: 8 * 1024,
  maxMessageBytes: 4 * 1024 * 1024,
  heartBeatOutMs: 10_000,
  heartBeatInMs: 10_000,
  heartBeatGrace: 2,
  connectTimeoutMs: 10_000,
  maxSubscriptions: 100,
  prefetch: 100,
  maxBacklog: 1000,
  maxDeliveries: 3,
  maxTransactions: 16,
  maxTransactionFrames: 1000,
  maxInflightRequests: 8,
  maxBufferedBytes: 16 * 1024 * 1024,
};

export function stompOptions(overrides: Partial<StompOptions> = {}): StompOptions {
  return { ...DEFAULT_STOMP_OPTIONS, ...overrides };
}

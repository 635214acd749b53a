/**
 * The broker of one API instance: its open STOMP sessions, and local delivery of published
 * envelopes (@tko/contract RealtimeEnvelope) to them. With Redis every envelope — from this
 * instance, another one or the worker — arrives here through the instance's pub/sub
 * subscription (redis-fanout.ts); without Redis `localPublisher` delivers straight away.
 */
import type { RealtimeEnvelope } from '@tko/contract';
import type { RealtimePublisher } from '@tko/realtime';
import { WS_CLOSE } from './errors';
import type { StompSession } from './session';
import { parseSessionEnd, SESSION_END_DESTINATION } from './session-end';
import type { OutgoingMessage } from './subscription';

/** Headers the broker writes itself; a publisher cannot set them. */
const RESERVED = new Set(['destination', 'subscription', 'message-id', 'ack', 'redelivered', 'content-type', 'content-length', 'receipt-id']);

export class StompBroker {
  private readonly sessions = new Set<StompSession>();

  add(session: StompSession): void {
    this.sessions.add(session);
  }

  remove(session: StompSession): void {
    this.sessions.delete(session);
  }

  /** Connected sessions of this instance. */
  get size(): number {
    return this.sessions.size;
  }

  /** Delivers one envelope to the matching subscriptions of this instance. */
  deliver(envelope: RealtimeEnvelope): void {
    if (envelope.destination.startsWith('/temp-queue/')) return; // replies never travel between sessions
    if (envelope.destination === SESSION_END_DESTINATION) {
      // Logout / revocation announced by an API instance (session-end.ts): those sessions end.
      const end = parseSessionEnd(envelope.body);
      if (end) for (const s of [...this.sessions]) s.end(end);
      return;
    }
    const msg = toMessage(envelope);
    for (const s of this.sessions) s.deliver(msg, envelope.user_id, envelope.scope_keys);
  }

  /** A publisher delivering on this instance only (no Redis configured). */
  readonly localPublisher: RealtimePublisher = {
    publish: async (envelope) => this.deliver(envelope),
  };

  /** Closes every session (server shutdown). */
  closeAll(): void {
    for (const s of [...this.sessions]) s.close(WS_CLOSE.goingAway, 'server shutdown');
  }
}

/** Serialises an envelope once for all its subscribers: strings as text, anything else as JSON. */
export function toMessage(envelope: RealtimeEnvelope): OutgoingMessage {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(envelope.headers ?? {})) if (!RESERVED.has(k.toLowerCase())) headers[k] = v;
  if (typeof envelope.body === 'string') {
    return { destination: envelope.destination, body: Buffer.from(envelope.body, 'utf8'), contentType: envelope.headers?.['content-type'] ?? 'text/plain;charset=utf-8', headers };
  }
  return { destination: envelope.destination, body: Buffer.from(JSON.stringify(envelope.body ?? null), 'utf8'), contentType: 'application/json;charset=utf-8', headers };
}

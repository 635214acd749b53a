/**
 * One subscription of a session and its acknowledgement mode (STOMP 1.2 "SUBSCRIBE ack"):
 * - `auto`: a message counts as received once sent; nothing is tracked;
 * - `client`: an ACK acknowledges that message and every earlier one of the subscription;
 * - `client-individual`: an ACK or NACK concerns that message only.
 * With client acknowledgement at most `prefetch` messages are unacknowledged at once; more wait
 * in a backlog (bounded: beyond `maxBacklog` the oldest waiting one is dropped) and go out as
 * acknowledgements arrive. A NACKed message is sent again (header `redelivered:true`) until it
 * has been delivered `maxDeliveries` times, then dropped — the broker keeps no store.
 */

/** A message ready to be delivered: prepared once per published envelope. */
export interface OutgoingMessage {
  destination: string;
  body: Buffer;
  contentType: string;
  /** Extra headers of the publisher (e.g. correlation-id); never override the broker's own. */
  headers: Record<string, string>;
}

export interface Delivery {
  msg: OutgoingMessage;
  messageId: string;
  /** Times sent so far. */
  deliveries: number;
}

export type AckMode = 'auto' | 'client' | 'client-individual';
export const ACK_MODES: readonly AckMode[] = ['auto', 'client', 'client-individual'];

export interface SubscriptionOutput {
  /** A new session-unique id. */
  nextId(): string;
  /** Writes the MESSAGE frame; `ackId` is set for client acknowledgement. */
  send(sub: Subscription, delivery: Delivery, ackId: string | undefined): void;
}

export interface FlowLimits {
  prefetch: number;
  maxBacklog: number;
  maxDeliveries: number;
}

export class Subscription {
  /** ack id → delivery, in the order sent. */
  private readonly unacked = new Map<string, Delivery>();
  private readonly backlog: Delivery[] = [];
  /** Messages dropped because the backlog overflowed or NACKs exhausted the deliveries. */
  dropped = 0;

  constructor(
    readonly id: string,
    readonly destination: string,
    readonly ack: AckMode,
    private readonly limits: FlowLimits,
    private readonly out: SubscriptionOutput,
  ) {}

  /** Delivers a new message (now, or once the prefetch window has room). */
  push(msg: OutgoingMessage): void {
    this.offer({ msg, messageId: this.out.nextId(), deliveries: 0 });
  }

  /** Acknowledges; false when the id is not pending on this subscription. */
  ackMessage(ackId: string): boolean {
    const done = this.take(ackId);
    if (!done) return false;
    this.pump();
    return true;
  }

  /** Refuses; the refused messages are sent again unless delivered maxDeliveries times. */
  nackMessage(ackId: string): boolean {
    const refused = this.take(ackId);
    if (!refused) return false;
    const again = refused.filter((d) => d.deliveries < this.limits.maxDeliveries);
    this.dropped += refused.length - again.length;
    this.backlog.unshift(...again);
    this.pump();
    return true;
  }

  has(ackId: string): boolean {
    return this.unacked.has(ackId);
  }

  /** Messages sent and not yet acknowledged. */
  get pending(): number {
    return this.unacked.size;
  }

  /** Removes `ackId` (and, in `client` mode, every earlier pending one); null when unknown. */
  private take(ackId: string): Delivery[] | null {
    if (!this.unacked.has(ackId)) return null;
    if (this.ack === 'client-individual') {
      const d = this.unacked.get(ackId)!;
      this.unacked.delete(ackId);
      return [d];
    }
    const taken: Delivery[] = [];
    for (const [id, d] of this.unacked) {
      this.unacked.delete(id);
      taken.push(d);
      if (id === ackId) break;
    }
    return taken;
  }

  private offer(d: Delivery): void {
    if (this.ack === 'auto' || this.unacked.size < this.limits.prefetch) {
      this.send(d);
      return;
    }
    this.backlog.push(d);
    if (this.backlog.length > this.limits.maxBacklog) {
      this.backlog.shift();
      this.dropped += 1;
    }
  }

  private pump(): void {
    while (this.backlog.length && this.unacked.size < this.limits.prefetch) this.send(this.backlog.shift()!);
  }

  private send(d: Delivery): void {
    d.deliveries += 1;
    let ackId: string | undefined;
    if (this.ack !== 'auto') {
      ackId = d.deliveries === 1 ? d.messageId : `${d.messageId}.${d.deliveries}`;
      this.unacked.set(ackId, d);
    }
    this.out.send(this, d, ackId);
  }
}

/**
 * One STOMP 1.2 session over one websocket (docs/REALTIME.md).
 *
 * Life: the first frame must be CONNECT (or STOMP) with a valid access token — header
 * `Authorization: Bearer <jwt>` or `passcode: <jwt>` — answered by CONNECTED (version 1.2,
 * negotiated heart-beat, session id); otherwise ERROR and the socket is closed. Frames are
 * handled one after another in arrival order (an async step — token check, permission check —
 * holds the later frames back), so RECEIPTs come back in order. Any frame with a `receipt`
 * header is answered by RECEIPT once processed. A refusal sends ERROR (`message` header, and
 * `receipt-id` when the frame asked for a receipt) and closes the socket.
 *
 * The session is bound to its CONNECT token (session-end.ts): it ends at the token's expiry, at
 * logout or revocation of its sign-in (refresh family) and when its user is deactivated or
 * changes the password — ERROR saying why, then close; SUBSCRIBE and SEND re-check first.
 *
 * Heart-beats are sent after silence and checked: a client silent for `heartBeatGrace`
 * negotiated intervals is closed (code 4000). A socket without CONNECT within
 * `connectTimeoutMs` is closed too, and so is one whose reader falls `maxBufferedBytes` behind.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { RealtimeEnvelope, RowScopeKeys } from '@tko/contract';
import { rowVisible } from '@tko/contract';
import type { AuthUser } from '../../plugins/auth';
import { authorizeSend, authorizeSubscribe } from './access';
import type { Destination } from './destinations';
import { isPerUser, parseDestination } from './destinations';
import { StompError, STOMP_MSG, WS_CLOSE } from './errors';
import type { SessionEnd, SessionEndReason } from './session-end';
import { sessionEndError } from './session-end';
import type { StompFrame } from './frame';
import { encodeFrame, HEART_BEAT } from './frame';
import { negotiateHeartBeat } from './heart-beat';
import type { JobOwnerLookup } from './job-owner';
import type { StompOptions } from './options';
import { parseMessage } from './parser';
import type { RequestRunner } from './requests';
import type { AckMode, Delivery, OutgoingMessage, SubscriptionOutput } from './subscription';
import { ACK_MODES, Subscription } from './subscription';

/** What a valid CONNECT token gives: its user, expiry (epoch ms) and sign-in family (absent in tokens minted without one). */
export interface SessionAuth {
  user: AuthUser;
  expiresAt: number;
  family: string | null;
}

export interface SessionContext {
  options: StompOptions;
  /** The user, expiry and family of a valid access token, or null. */
  authenticate(token: string): Promise<SessionAuth | null>;
  /** False once sign-in `family` of `userId` is revoked (logout, reuse, password change). */
  familyAlive(userId: number, family: string): Promise<boolean>;
  /** The user as stored now (permissions re-read), or null when no longer active. */
  reloadUser(userId: number): Promise<AuthUser | null>;
  jobOwners: JobOwnerLookup;
  runRequest: RequestRunner;
  /** Publishes to every API instance (Redis pub/sub, or this instance only without Redis). */
  publish(envelope: RealtimeEnvelope): Promise<void>;
  register(session: StompSession): void;
  unregister(session: StompSession): void;
  log: FastifyBaseLogger;
}

const SERVER_NAME = 'tko-stomp/1.0';
const JSON_TYPE = 'application/json;charset=utf-8';
const TEXT_TYPE = 'text/plain;charset=utf-8';

export class StompSession implements SubscriptionOutput {
  readonly id = randomBytes(6).toString('hex');
  private state: 'new' | 'connected' | 'closed' = 'new';
  private user: AuthUser | null = null;
  private readonly subs = new Map<string, Subscription>();
  private readonly transactions = new Map<string, StompFrame[]>();
  private chain: Promise<void> = Promise.resolve();
  private counter = 0;
  private lastIn = Date.now();
  private lastOut = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private inflight = 0;
  /** The user's token version at CONNECT: a password change or deactivation ends the session. */
  private tokenVersion = 0;
  /** The CONNECT token's expiry, epoch ms, and its sign-in family (session-end.ts). */
  private expiresAt = Infinity;
  private family: string | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: SessionContext,
    /** The client's address (request.ip): requests count against its sign-in rate limit. */
    private readonly clientIp = '127.0.0.1',
  ) {
    socket.on('message', (data) => this.onData(toBuffer(data)));
    socket.on('close', () => this.cleanUp());
    socket.on('error', (err) => ctx.log.debug({ err, session: this.id }, 'stomp socket error'));
    const t = setTimeout(() => {
      if (this.state === 'new') this.fail(new StompError(STOMP_MSG.connectTimeout, `Нет кадра CONNECT за ${ctx.options.connectTimeoutMs} мс.`, WS_CLOSE.policy));
    }, ctx.options.connectTimeoutMs);
    this.timers.push(t);
  }

  /** The signed-in user's id (null before CONNECTED). */
  get userId(): number | null {
    return this.user?.id ?? null;
  }

  nextId(): string {
    this.counter += 1;
    return `${this.id}-${this.counter}`;
  }

  /**
   * Delivers a published message to this session's subscriptions on its destination.
   * `userId` set: only if it is this session's user; per-user destinations need it.
   * `scopeKeys` set (a scoped registry's change): only if one of them is in the user's row scope.
   */
  deliver(msg: OutgoingMessage, userId: number | undefined, scopeKeys?: RowScopeKeys[]): void {
    if (this.state !== 'connected' || !this.user) return;
    if (userId !== undefined && userId !== this.user.id) return;
    // A registry change of a scoped registry reaches only users who may see the row (before or after).
    if (scopeKeys?.length && !scopeKeys.some((k) => rowVisible(this.user!.scope, k))) return;
    if (userId === undefined && isPerUser(msg.destination)) return;
    for (const sub of this.subs.values()) if (sub.destination === msg.destination) sub.push(msg);
  }

  /** SubscriptionOutput: writes one MESSAGE frame. */
  send(sub: Subscription, d: Delivery, ackId: string | undefined): void {
    this.write(encodeFrame('MESSAGE', {
      ...d.msg.headers,
      destination: d.msg.destination,
      subscription: sub.id,
      'message-id': d.messageId,
      ack: ackId,
      redelivered: d.deliveries > 1 ? 'true' : undefined,
      'content-type': d.msg.contentType,
    }, d.msg.body));
  }

  /** Ends the session if `e` names it (its user, and its sign-in when `e.fam` is set): ERROR, close. */
  end(e: SessionEnd): void {
    if (this.state !== 'connected' || this.user?.id !== e.user_id) return;
    if (e.fam !== undefined && e.fam !== this.family) return;
    this.fail(sessionEndError(e.reason));
  }

  /** Closes the session (server shutdown, ERROR, DISCONNECT). */
  close(code: number = WS_CLOSE.normal, reason = ''): void {
    if (this.state === 'closed') return;
    this.cleanUp();
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
    else this.socket.terminate();
  }

  private onData(data: Buffer): void {
    this.lastIn = Date.now();
    if (this.state === 'closed') return;
    const { frames, error } = parseMessage(data, this.ctx.options);
    for (const frame of frames) this.enqueue(() => this.handle(frame), frame);
    if (error) this.enqueue(async () => this.fail(error));
  }

  private enqueue(step: () => Promise<void>, frame?: StompFrame): void {
    this.chain = this.chain
      .then(() => (this.state === 'closed' ? undefined : step()))
      .catch((e: unknown) => {
        if (!(e instanceof StompError)) this.ctx.log.error({ err: e, session: this.id }, 'stomp frame failed');
        this.fail(e instanceof StompError ? e : new StompError('Внутренняя ошибка сервера', 'Кадр не обработан из-за ошибки сервера.', 1011), frame);
      });
  }

  private async handle(frame: StompFrame): Promise<void> {
    const { command, headers } = frame;
    if (this.state === 'new') {
      if (command !== 'CONNECT' && command !== 'STOMP') throw new StompError(STOMP_MSG.notConnected, `Получен ${command} до CONNECT.`);
      await this.connect(frame);
      return;
    }
    switch (command) {
      case 'CONNECT':
      case 'STOMP':
        throw new StompError(STOMP_MSG.alreadyConnected, 'Повторный CONNECT в том же соединении.');
      case 'SUBSCRIBE':
        await this.subscribe(frame);
        break;
      case 'UNSUBSCRIBE':
        this.subs.delete(required(frame, 'id'));
        break;
      case 'SEND':
      case 'ACK':
      case 'NACK':
        if (headers.transaction !== undefined) this.inTransaction(frame);
        else await this.execute(frame);
        break;
      case 'BEGIN':
        this.begin(required(frame, 'transaction'));
        break;
      case 'COMMIT': {
        const frames = this.endTransaction(required(frame, 'transaction'));
        for (const f of frames) await this.execute(f);
        break;
      }
      case 'ABORT':
        this.endTransaction(required(frame, 'transaction'));
        break;
      case 'DISCONNECT':
        this.receipt(frame);
        this.close(WS_CLOSE.normal);
        return;
    }
    this.receipt(frame);
  }

  private async connect(frame: StompFrame): Promise<void> {
    const h = frame.headers;
    const versions = (h['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) throw new StompError(STOMP_MSG.version, `Клиент предлагает версии ${versions.join(', ')}; сервер говорит только на 1.2.`);
    const hb = negotiateHeartBeat(h['heart-beat'], this.ctx.options.heartBeatOutMs, this.ctx.options.heartBeatInMs);
    const token = bearer(h.Authorization ?? h.authorization) ?? (h.passcode || undefined);
    if (!token) throw new StompError(STOMP_MSG.unauthenticated, 'Передайте токен доступа в заголовке Authorization: Bearer <токен> или passcode.', WS_CLOSE.policy);
    const auth = await this.ctx.authenticate(token);
    if (!auth) throw new StompError(STOMP_MSG.unauthenticated, 'Токен недействителен или просрочен, либо пользователь отключён.', WS_CLOSE.policy);
    if (auth.family && !(await this.ctx.familyAlive(auth.user.id, auth.family))) throw sessionEndError('revoked');
    if (this.state !== 'new') return;
    const { user } = auth;
    this.user = user;
    this.tokenVersion = user.tokenVersion;
    this.expiresAt = auth.expiresAt;
    this.family = auth.family;
    // setTimeout takes at most 2^31-1 ms (24.8 days); an access token lives minutes.
    this.timers.push(setTimeout(() => this.fail(sessionEndError('expired')), Math.min(Math.max(0, auth.expiresAt - Date.now()), 2 ** 31 - 1)));
    this.state = 'connected';
    this.ctx.register(this);
    this.write(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': hb.header, server: SERVER_NAME, session: this.id, 'user-name': user.email }));
    this.startHeartBeats(hb.sendEveryMs, hb.expectEveryMs);
  }

  private startHeartBeats(sendEveryMs: number, expectEveryMs: number): void {
    if (sendEveryMs > 0) {
      this.timers.push(setInterval(() => {
        if (Date.now() - this.lastOut >= sendEveryMs / 2) this.write(HEART_BEAT);
      }, sendEveryMs));
    }
    if (expectEveryMs > 0) {
      const limit = expectEveryMs * this.ctx.options.heartBeatGrace;
      this.timers.push(setInterval(() => {
        const silent = Date.now() - this.lastIn;
        if (silent > limit) this.fail(new StompError(STOMP_MSG.heartBeatLost, `От клиента ничего не было ${silent} мс (ожидалось не реже ${expectEveryMs} мс).`, WS_CLOSE.heartBeat));
      }, expectEveryMs));
    }
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const id = required(frame, 'id');
    const destination = required(frame, 'destination');
    const o = this.ctx.options;
    if (this.subs.has(id)) throw new StompError(STOMP_MSG.duplicateSubscription, `Подписка «${id}» уже есть в этом соединении.`);
    if (this.subs.size >= o.maxSubscriptions) throw new StompError(STOMP_MSG.tooManySubscriptions, `Не более ${o.maxSubscriptions} подписок на соединение.`, WS_CLOSE.policy);
    const ack = (frame.headers.ack ?? 'auto') as AckMode;
    if (!ACK_MODES.includes(ack)) throw new StompError(STOMP_MSG.badAckMode, `ack «${String(ack).slice(0, 30)}»: допустимы auto, client, client-individual.`);
    const prefetchHeader = frame.headers['prefetch-count'];
    let prefetch = o.prefetch;
    if (prefetchHeader !== undefined) {
      if (!/^\d{1,4}$/.test(prefetchHeader) || Number(prefetchHeader) < 1 || Number(prefetchHeader) > 1000) {
        throw new StompError(STOMP_MSG.badPrefetch, 'prefetch-count — целое от 1 до 1000.');
      }
      prefetch = Number(prefetchHeader);
    }
    const dest = this.destination(destination);
    const user = await this.stillValid();
    await authorizeSubscribe(user, dest, this.ctx.jobOwners);
    if (this.state !== 'connected') return;
    this.subs.set(id, new Subscription(id, destination, ack, { prefetch, maxBacklog: o.maxBacklog, maxDeliveries: o.maxDeliveries }, this));
  }

  /** SEND, ACK, NACK — directly, or at COMMIT of their transaction. */
  private async execute(frame: StompFrame): Promise<void> {
    if (frame.command === 'ACK' || frame.command === 'NACK') {
      const ackId = required(frame, 'id');
      const sub = [...this.subs.values()].find((s) => s.has(ackId));
      if (!sub) throw new StompError(STOMP_MSG.unknownAck, `Нет неподтверждённого сообщения с id «${ackId.slice(0, 60)}».`);
      if (frame.command === 'ACK') sub.ackMessage(ackId);
      else sub.nackMessage(ackId);
      return;
    }
    const destination = required(frame, 'destination');
    const dest = this.destination(destination);
    // Clients SEND only where the product defines it (access.ts SEND_RULES), with its permission.
    authorizeSend(await this.stillValid(), dest);
    return this.request(frame);
  }

  /**
   * The user as stored now, if the session may go on: its token not expired, its sign-in not
   * revoked, the user active and at the CONNECT token version; else the StompError ending it.
   */
  private async stillValid(): Promise<AuthUser> {
    const end = (reason: SessionEndReason) => sessionEndError(reason);
    if (Date.now() >= this.expiresAt) throw end('expired');
    const [user, alive] = await Promise.all([
      this.ctx.reloadUser(this.user!.id),
      this.family ? this.ctx.familyAlive(this.user!.id, this.family) : Promise.resolve(true),
    ]);
    if (!user || user.tokenVersion !== this.tokenVersion || !alive) throw end('revoked');
    if (this.state !== 'connected') throw end('revoked');
    this.user = user;
    return user;
  }

  /** SEND to /app/requests: performed in the background; the answer goes to reply-to. */
  private request(frame: StompFrame): void {
    const replyTo = required(frame, 'reply-to');
    const correlationId = required(frame, 'correlation-id');
    const reply = parseDestination(replyTo);
    if (!reply || (reply.kind !== 'temp' && reply.kind !== 'user')) throw new StompError(STOMP_MSG.badReplyTo, `reply-to «${replyTo.slice(0, 60)}» не подходит.`);
    if (this.inflight >= this.ctx.options.maxInflightRequests) {
      this.answer(replyTo, correlationId, { status: 429, body: { detail: `Не более ${this.ctx.options.maxInflightRequests} запросов одновременно.`, code: 'throttled' }, content_type: 'application/json' });
      return;
    }
    this.inflight += 1;
    const caller = { userId: this.user!.id, tokenVersion: this.tokenVersion, ip: this.clientIp };
    void this.ctx.runRequest(caller, frame.body)
      .catch((err: unknown) => {
        this.ctx.log.error({ err, session: this.id }, 'stomp request failed');
        return { status: 500, body: { detail: 'Внутренняя ошибка сервера.' }, content_type: 'application/json' };
      })
      .then((res) => this.answer(replyTo, correlationId, res))
      .finally(() => {
        this.inflight -= 1;
      });
  }

  /** Sends a reply to this session only: through its subscription on reply-to, or unsubscribed (subscription = reply-to). */
  private answer(replyTo: string, correlationId: string, res: unknown): void {
    if (this.state !== 'connected') return;
    const msg: OutgoingMessage = { destination: replyTo, body: Buffer.from(JSON.stringify(res), 'utf8'), contentType: JSON_TYPE, headers: { 'correlation-id': correlationId } };
    const sub = [...this.subs.values()].find((s) => s.destination === replyTo);
    if (sub) {
      sub.push(msg);
      return;
    }
    this.write(encodeFrame('MESSAGE', { ...msg.headers, destination: replyTo, subscription: replyTo, 'message-id': this.nextId(), 'content-type': JSON_TYPE }, msg.body));
  }

  private destination(destination: string): Destination {
    const dest = parseDestination(destination);
    if (!dest) throw new StompError(STOMP_MSG.unknownDestination, `Назначения «${destination.slice(0, 100)}» нет (см. docs/REALTIME.md).`, WS_CLOSE.policy);
    return dest;
  }

  private begin(id: string): void {
    if (this.transactions.has(id)) throw new StompError(STOMP_MSG.duplicateTransaction, `Транзакция «${id.slice(0, 60)}» уже начата.`);
    if (this.transactions.size >= this.ctx.options.maxTransactions) throw new StompError(STOMP_MSG.tooManyTransactions, `Не более ${this.ctx.options.maxTransactions} открытых транзакций.`);
    this.transactions.set(id, []);
  }

  private inTransaction(frame: StompFrame): void {
    const list = this.transactions.get(frame.headers.transaction!);
    if (!list) throw new StompError(STOMP_MSG.unknownTransaction, `Транзакция «${frame.headers.transaction!.slice(0, 60)}» не начата (BEGIN).`);
    if (list.length >= this.ctx.options.maxTransactionFrames) throw new StompError(STOMP_MSG.transactionTooBig, `Не более ${this.ctx.options.maxTransactionFrames} кадров в транзакции.`);
    list.push(frame);
  }

  private endTransaction(id: string): StompFrame[] {
    const list = this.transactions.get(id);
    if (!list) throw new StompError(STOMP_MSG.unknownTransaction, `Транзакция «${id.slice(0, 60)}» не начата (BEGIN).`);
    this.transactions.delete(id);
    return list;
  }

  private receipt(frame: StompFrame): void {
    const id = frame.headers.receipt;
    if (id !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': id }));
  }

  /** ERROR (with the refused frame's receipt id), then close. */
  private fail(err: StompError, frame?: StompFrame): void {
    if (this.state === 'closed') return;
    this.write(encodeFrame('ERROR', {
      message: err.short,
      'receipt-id': frame?.headers.receipt,
      'content-type': TEXT_TYPE,
    }, frame ? `${err.detail}\n\nКадр: ${frame.command}` : err.detail));
    this.close(err.closeCode);
  }

  private write(buf: Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.ctx.options.maxBufferedBytes) {
      this.ctx.log.warn({ session: this.id }, 'stomp slow consumer closed');
      this.close(WS_CLOSE.policy, 'slow consumer');
      return;
    }
    this.socket.send(buf);
    this.lastOut = Date.now();
  }

  private cleanUp(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    this.subs.clear();
    this.transactions.clear();
    this.ctx.unregister(this);
  }
}

function required(frame: StompFrame, name: string): string {
  const v = frame.headers[name];
  if (v === undefined || v === '') throw new StompError(STOMP_MSG.missingHeader, `У кадра ${frame.command} нет заголовка «${name}».`);
  return v;
}

function bearer(header: string | undefined): string | undefined {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return m?.[1];
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * Protocol refusals. Each becomes an ERROR frame (header `message` = the short Russian text,
 * body = the detail) after which the server closes the websocket, as STOMP 1.2 requires
 * ("the server MUST then close the connection").
 */

/** Websocket close codes used after an ERROR frame (RFC 6455 §7.4.1). */
export const WS_CLOSE = {
  normal: 1000,
  goingAway: 1001,
  protocol: 1002,
  policy: 1008,
  tooBig: 1009,
  /** Private range: heart-beats stopped. */
  heartBeat: 4000,
} as const;

export class StompError extends Error {
  constructor(
    /** Short Russian text for the ERROR frame's `message` header. */
    readonly short: string,
    /** Longer explanation for the ERROR frame's body. */
    readonly detail: string = short,
    /** Websocket close code after the ERROR frame. */
    readonly closeCode: number = WS_CLOSE.protocol,
  ) {
    super(short);
    this.name = 'StompError';
  }
}

/** Russian texts of the refusals (docs/REALTIME.md "Errors"). */
export const STOMP_MSG = {
  malformed: 'Неверный кадр STOMP',
  noNul: 'Кадр не завершён октетом NUL',
  frameTooBig: 'Кадр слишком велик',
  bodyTooBig: 'Тело кадра слишком велико',
  badHeader: 'Неверный заголовок',
  badEscape: 'Неверная escape-последовательность в заголовке',
  tooManyHeaders: 'Слишком много заголовков',
  badContentLength: 'Неверный content-length',
  contentLengthMismatch: 'Длина тела не совпадает с content-length',
  unknownCommand: 'Неизвестная команда',
  bodyNotAllowed: 'У этого кадра не может быть тела',
  badEncoding: 'Заголовки должны быть в UTF-8',
  notConnected: 'Сначала нужен кадр CONNECT',
  alreadyConnected: 'Соединение уже установлено',
  version: 'Поддерживается только STOMP 1.2',
  unauthenticated: 'Нужен действительный токен доступа',
  badHeartBeat: 'Неверный заголовок heart-beat',
  missingHeader: 'Нет обязательного заголовка',
  unknownDestination: 'Неизвестное назначение',
  readOnlyDestination: 'В это назначение нельзя отправлять сообщения',
  forbidden: 'Нет прав на подписку',
  unknownRegistry: 'Неизвестный реестр',
  jobNotFound: 'Фоновая задача не найдена',
  jobsUnavailable: 'Фоновые задачи временно недоступны (нет связи с Redis)',
  duplicateSubscription: 'Подписка с таким id уже есть',
  tooManySubscriptions: 'Слишком много подписок',
  badAckMode: 'Неверный режим подтверждения (ack)',
  badPrefetch: 'Неверный prefetch-count',
  unknownAck: 'Неизвестный id подтверждения',
  unknownTransaction: 'Неизвестная транзакция',
  duplicateTransaction: 'Транзакция с таким id уже начата',
  tooManyTransactions: 'Слишком много транзакций',
  transactionTooBig: 'Слишком много кадров в транзакции',
  badReplyTo: 'reply-to должен быть /temp-queue/… или /user/queue/…',
  heartBeatLost: 'Клиент перестал отвечать (heart-beat)',
  connectTimeout: 'Не получен кадр CONNECT',
  slowConsumer: 'Клиент не успевает читать сообщения',
  shuttingDown: 'Сервер останавливается',
} as const;

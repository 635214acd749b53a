/**
 * Raw STOMP 1.2 frames over a plain websocket (no client library): malformed input is
 * answered by ERROR and a closed socket; escaping, content-length, heart-beat EOLs between
 * frames and several frames in one message work per the spec. Small limits are configured
 * so that oversize input is cheap to build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StompTestApp } from './stomp-helpers';
import { connectFrame, rawHeader, rawSocket, startStompApp } from './stomp-helpers';

let t: StompTestApp;
const LIMITS = { maxBodyBytes: 1024, maxFrameBytes: 2048, maxHeaders: 8, maxHeaderLineBytes: 256, maxMessageBytes: 16 * 1024 };

beforeAll(async () => {
  t = await startStompApp({ stomp: LIMITS });
});
afterAll(async () => {
  await t?.close();
});

/** A socket past CONNECTED. */
async function connected() {
  const s = await rawSocket(t.wsUrl);
  s.send(connectFrame(t.tokens.admin));
  await s.waitFrame('CONNECTED');
  return s;
}

/** Sends `data` on a connected socket; expects ERROR with `message`, then a close. */
async function refused(data: string | Buffer, message: string, opts: { before?: 'connect' } = {}) {
  const s = opts.before === 'connect' ? await rawSocket(t.wsUrl) : await connected();
  s.send(data);
  const err = await s.waitFrame('ERROR');
  expect(rawHeader(err, 'message')).toBe(message.replace(/:/g, '\\c'));
  const code = await s.waitClose();
  return { err, code };
}

describe('malformed frames', () => {
  it('a frame without the NUL terminator', async () => {
    const { code } = await refused('SEND\ndestination:/topic/a\n\nhello', 'Кадр не завершён октетом NUL');
    expect(code).toBe(1002);
  });

  it('headers never ended by an empty line', async () => {
    await refused('SUBSCRIBE\nid:1\ndestination:/topic/a\0', 'Неверный кадр STOMP');
  });

  it('an unknown command', async () => {
    const { err } = await refused('PUBLISH\ndestination:/topic/a\n\n\0', 'Неизвестная команда');
    expect(err).toContain('PUBLISH');
  });

  it('a lower-case command (commands are case-sensitive)', async () => {
    await refused('send\ndestination:/topic/a\n\n\0', 'Неизвестная команда');
  });

  it('a server command sent by the client', async () => {
    await refused('MESSAGE\ndestination:/topic/a\n\n\0', 'Неизвестная команда');
  });

  it('a header line without a colon', async () => {
    await refused('SEND\ndestination /topic/a\n\n\0', 'Неверный заголовок');
  });

  it('a header with an empty name', async () => {
    await refused('SEND\n:value\n\n\0', 'Неверный заголовок');
  });

  it('an undefined escape sequence in a header', async () => {
    const { err } = await refused('SEND\ndestination:/topic/a\\tb\n\n\0', 'Неверная escape-последовательность в заголовке');
    expect(err).toContain('\\t');
  });

  it('a backslash at the end of a header value', async () => {
    await refused('SUBSCRIBE\nid:x\\\ndestination:/topic/a\n\n\0', 'Неверная escape-последовательность в заголовке');
  });

  it('headers that are not UTF-8', async () => {
    await refused(Buffer.concat([Buffer.from('SEND\ndestination:/topic/'), Buffer.from([0xff, 0xfe]), Buffer.from('\n\n\0')]), 'Заголовки должны быть в UTF-8');
  });

  it('too many headers', async () => {
    const headers = Array.from({ length: 9 }, (_, i) => `x-${i}:v`).join('\n');
    await refused(`SEND\ndestination:/topic/a\n${headers}\n\n\0`, 'Слишком много заголовков');
  });

  it('a header line longer than the limit', async () => {
    await refused(`SEND\ndestination:/topic/${'a'.repeat(300)}\n\n\0`, 'Неверный заголовок');
  });

  it('content-length that is not a number', async () => {
    await refused('SEND\ndestination:/topic/a\ncontent-length:12a\n\nhello\0', 'Неверный content-length');
  });

  it('content-length shorter than the body', async () => {
    await refused('SEND\ndestination:/topic/a\ncontent-length:3\n\nhello\0', 'Длина тела не совпадает с content-length');
  });

  it('content-length longer than the frame', async () => {
    await refused('SEND\ndestination:/topic/a\ncontent-length:50\n\nhello\0', 'Длина тела не совпадает с content-length');
  });

  it('a body above the body limit (with and without content-length)', async () => {
    const body = 'x'.repeat(LIMITS.maxBodyBytes + 1);
    await refused(`SEND\ndestination:/topic/a\ncontent-length:${body.length}\n\n${body}\0`, 'Тело кадра слишком велико');
    await refused(`SEND\ndestination:/topic/a\n\n${body}\0`, 'Тело кадра слишком велико');
  });

  it('a frame above the frame limit', async () => {
    const headers = Array.from({ length: 7 }, (_, i) => `x-${i}:${'h'.repeat(200)}`).join('\n');
    await refused(`SEND\ndestination:/topic/a\n${headers}\n\n${'b'.repeat(900)}\0`, 'Кадр слишком велик');
  });

  it('a websocket message above maxMessageBytes is closed by the websocket layer (1009)', async () => {
    const s = await connected();
    s.send(`SEND\ndestination:/topic/a\n\n${'x'.repeat(LIMITS.maxMessageBytes + 10)}\0`);
    expect(await s.waitClose()).toBe(1009);
  });

  it('a body on a frame that may not have one', async () => {
    await refused('SUBSCRIBE\nid:1\ndestination:/topic/a\n\nbody\0', 'У этого кадра не может быть тела');
  });

  it('a frame before CONNECT', async () => {
    await refused('SUBSCRIBE\nid:1\ndestination:/topic/a\n\n\0', 'Сначала нужен кадр CONNECT', { before: 'connect' });
  });

  it('CONNECT offering only STOMP 1.0/1.1', async () => {
    await refused(`CONNECT\naccept-version:1.0,1.1\nAuthorization:Bearer ${t.tokens.admin}\n\n\0`, 'Поддерживается только STOMP 1.2', { before: 'connect' });
  });

  it('a malformed heart-beat header', async () => {
    await refused(connectFrame(t.tokens.admin, 'heart-beat:fast\n'), 'Неверный заголовок heart-beat', { before: 'connect' });
  });

  it('a second CONNECT', async () => {
    await refused(connectFrame(t.tokens.admin), 'Соединение уже установлено');
  });

  it('SUBSCRIBE without id, and SEND without destination', async () => {
    await refused('SUBSCRIBE\ndestination:/topic/a\n\n\0', 'Нет обязательного заголовка');
    await refused('SEND\n\nx\0', 'Нет обязательного заголовка');
  });

  it('an unknown destination', async () => {
    await refused('SUBSCRIBE\nid:1\ndestination:/queue/anything\n\n\0', 'Неизвестное назначение');
  });

  it('a duplicate subscription id', async () => {
    await refused('SUBSCRIBE\nid:1\ndestination:/topic/a\n\n\0SUBSCRIBE\nid:1\ndestination:/topic/b\n\n\0', 'Подписка с таким id уже есть');
  });

  it('the ERROR carries the receipt-id of the refused frame', async () => {
    const { err } = await refused('SUBSCRIBE\nid:1\ndestination:/nowhere\nreceipt:r-77\n\n\0', 'Неизвестное назначение');
    expect(rawHeader(err, 'receipt-id')).toBe('r-77');
    expect(rawHeader(err, 'content-length')).toBe(String(Buffer.byteLength(err.split('\n\n').slice(1).join('\n\n'))));
  });
});

describe('well-formed frames', () => {
  it('escapes in headers are decoded on the way in and encoded on the way out', async () => {
    const s = await connected();
    // subscription id «s:1\n2» and receipt «r\\x» sent escaped
    s.send('SUBSCRIBE\nid:s\\c1\\n2\ndestination:/topic/esc\nreceipt:r\\\\x\n\n\0');
    const receipt = await s.waitFrame('RECEIPT');
    expect(rawHeader(receipt, 'receipt-id')).toBe('r\\\\x');
    // Clients may not SEND to topics (issue 8 §6): the server publishes.
    await t.app.realtime.publisher.publish({ destination: '/topic/esc', body: 'привет' });
    const msg = await s.waitFrame('MESSAGE');
    expect(rawHeader(msg, 'subscription')).toBe('s\\c1\\n2');
    expect(rawHeader(msg, 'destination')).toBe('/topic/esc');
    expect(rawHeader(msg, 'content-length')).toBe(String(Buffer.byteLength('привет')));
    expect(msg.endsWith('\n\nпривет')).toBe(true);
  });

  it('CONNECT headers are not unescaped (a backslash sequence there is no error)', async () => {
    const s = await rawSocket(t.wsUrl);
    s.send(`CONNECT\naccept-version:1.2\nlogin:a\\tb\nAuthorization:Bearer ${t.tokens.admin}\n\n\0`);
    await s.waitFrame('CONNECTED');
    expect(s.frames().some((f) => f.startsWith('ERROR'))).toBe(false);
  });

  it('a body with NUL octets is read whole when content-length is given', async () => {
    const s = await connected();
    s.send('SUBSCRIBE\nid:b\ndestination:/temp-queue/bin\nreceipt:ok\n\n\0');
    await s.waitFrame('RECEIPT');
    // Not JSON, so the request channel answers 400; cut at the first NUL, the rest would be a bad frame (ERROR).
    const body = Buffer.from([0x61, 0x00, 0x62, 0x00, 0x63]);
    s.send(Buffer.concat([Buffer.from(`SEND\ndestination:/app/requests\nreply-to:/temp-queue/bin\ncorrelation-id:c1\ncontent-length:${body.length}\n\n`), body, Buffer.from([0])]));
    const msg = await s.waitFrame('MESSAGE');
    expect(rawHeader(msg, 'correlation-id')).toBe('c1');
    expect(msg).toContain('"status":400');
    expect(s.frames().some((f) => f.startsWith('ERROR'))).toBe(false);
  });

  it('heart-beat EOLs between frames and several frames in one message are accepted', async () => {
    const s = await rawSocket(t.wsUrl);
    s.send(`\n\r\n${connectFrame(t.tokens.admin)}\n\nSUBSCRIBE\nid:1\ndestination:/topic/m\nreceipt:a\n\n\0\r\nSUBSCRIBE\r\nid:2\r\ndestination:/topic/n\r\nreceipt:b\r\n\r\n\0\n`);
    await s.waitFrame('CONNECTED');
    expect(rawHeader(await s.waitFrame('RECEIPT', 1), 'receipt-id')).toBe('a');
    expect(rawHeader(await s.waitFrame('RECEIPT', 2), 'receipt-id')).toBe('b');
    expect(s.closeCode).toBeNull();
  });

  it('the first of repeated headers wins', async () => {
    const s = await connected();
    s.send('SUBSCRIBE\nid:1\ndestination:/topic/first\ndestination:/nowhere\nreceipt:r1\nreceipt:r2\n\n\0');
    expect(rawHeader(await s.waitFrame('RECEIPT'), 'receipt-id')).toBe('r1');
  });

  it('BEGIN, COMMIT and ABORT answer receipts; DISCONNECT answers its receipt, then closes', async () => {
    const s = await connected();
    s.send('BEGIN\ntransaction:t1\nreceipt:b\n\n\0COMMIT\ntransaction:t1\nreceipt:c\n\n\0BEGIN\ntransaction:t2\n\n\0ABORT\ntransaction:t2\nreceipt:a\n\n\0DISCONNECT\nreceipt:d\n\n\0');
    await s.waitFrame('RECEIPT', 4);
    expect(s.frames().map((f) => rawHeader(f, 'receipt-id')).filter(Boolean)).toEqual(['b', 'c', 'a', 'd']);
    expect(await s.waitClose()).toBe(1000);
  });

  it('a socket that never sends CONNECT is closed after connectTimeoutMs', async () => {
    const quick = await startStompApp({ stomp: { connectTimeoutMs: 300 } });
    try {
      const s = await rawSocket(quick.wsUrl);
      const started = Date.now();
      const err = await s.waitFrame('ERROR');
      expect(rawHeader(err, 'message')).toBe('Не получен кадр CONNECT');
      expect(await s.waitClose()).toBe(1008);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    } finally {
      await quick.close();
    }
  });
});

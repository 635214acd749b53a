/**
 * Parses the client frames of one websocket message (STOMP 1.2 "Augmented BNF").
 *
 * A websocket message carries whole frames: one or more, each ended by NUL, with any number of
 * end-of-lines (heart-beats) before, between and after them — as @stomp/stompjs sends them.
 * A frame cut off at the end of a message is refused (no NUL), not awaited.
 *
 * Rules enforced, each refused with a StompError (→ ERROR frame):
 * - command: one of the client commands, case-sensitive;
 * - header line `name:value`, UTF-8; escapes `\r \n \c \\` decoded except in CONNECT/STOMP
 *   (spec: those frames are not escaped); any other escape is an error; the first of repeated
 *   headers wins;
 * - `content-length`: decimal octets; the octet after the body must be NUL;
 * - without content-length the body runs to the first NUL;
 * - only SEND may carry a body (MESSAGE/ERROR are server frames);
 * - limits: frame, body, header count and header line length (options.ts).
 */
import type { ClientCommand, StompFrame } from './frame';
import { CLIENT_COMMANDS } from './frame';
import { StompError, STOMP_MSG } from './errors';
import type { StompOptions } from './options';

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMANDS: ReadonlySet<string> = new Set(CLIENT_COMMANDS);
const utf8 = new TextDecoder('utf-8', { fatal: true });

export type ParseLimits = Pick<StompOptions, 'maxFrameBytes' | 'maxBodyBytes' | 'maxHeaders' | 'maxHeaderLineBytes'>;

/** The frames of one message, and the refusal met after them, if any (frames before it are valid). */
export interface ParseResult {
  frames: StompFrame[];
  /** Number of heart-beat end-of-lines seen outside frames. */
  heartBeats: number;
  error?: StompError;
}

export function parseMessage(data: Buffer, limits: ParseLimits): ParseResult {
  const frames: StompFrame[] = [];
  let heartBeats = 0;
  let pos = 0;
  try {
    while (pos < data.length) {
      if (data[pos] === LF) {
        pos += 1;
        heartBeats += 1;
        continue;
      }
      if (data[pos] === CR && data[pos + 1] === LF) {
        pos += 2;
        heartBeats += 1;
        continue;
      }
      const { frame, end } = parseFrame(data, pos, limits);
      frames.push(frame);
      pos = end;
    }
    return { frames, heartBeats };
  } catch (e) {
    if (e instanceof StompError) return { frames, heartBeats, error: e };
    throw e;
  }
}

/** Reads one line starting at `pos`; returns its text (without EOL) and the index after the LF. */
function readLine(data: Buffer, pos: number, limits: ParseLimits): { text: string; next: number } {
  const lf = data.indexOf(LF, pos);
  const stop = lf === -1 ? data.length : lf;
  if (stop - pos > limits.maxHeaderLineBytes) throw new StompError(STOMP_MSG.badHeader, `Строка заголовка длиннее ${limits.maxHeaderLineBytes} байт.`);
  if (lf === -1) {
    const nul = data.indexOf(NUL, pos);
    throw new StompError(nul === -1 ? STOMP_MSG.noNul : STOMP_MSG.malformed, nul === -1 ? 'Кадр оборван: нет NUL в конце.' : 'Заголовки кадра не завершены пустой строкой.');
  }
  let end = lf;
  if (end > pos && data[end - 1] === CR) end -= 1;
  const raw = data.subarray(pos, end);
  if (raw.includes(NUL)) throw new StompError(STOMP_MSG.malformed, 'Заголовки кадра не завершены пустой строкой.');
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new StompError(STOMP_MSG.badEncoding, 'Заголовки кадра не в кодировке UTF-8.');
  }
  return { text, next: lf + 1 };
}

/** Decodes the escapes of STOMP 1.2 in a header name or value; anything else is an error. */
export function unescapeHeader(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = s[i + 1];
    i += 1;
    if (n === 'r') out += '\r';
    else if (n === 'n') out += '\n';
    else if (n === 'c') out += ':';
    else if (n === '\\') out += '\\';
    else throw new StompError(STOMP_MSG.badEscape, n === undefined ? 'Обратная косая черта в конце заголовка.' : `Недопустимая последовательность «\\${n}»: разрешены \\r, \\n, \\c, \\\\.`);
  }
  return out;
}

function parseFrame(data: Buffer, start: number, limits: ParseLimits): { frame: StompFrame; end: number } {
  const first = readLine(data, start, limits);
  const command = first.text;
  if (!COMMANDS.has(command)) {
    throw new StompError(STOMP_MSG.unknownCommand, `Команда «${command.slice(0, 40)}» не входит в STOMP 1.2 (клиентские: ${CLIENT_COMMANDS.join(', ')}).`);
  }
  const escaped = command !== 'CONNECT' && command !== 'STOMP';
  const headers: Record<string, string> = {};
  let count = 0;
  let pos = first.next;
  for (;;) {
    const line = readLine(data, pos, limits);
    pos = line.next;
    if (line.text === '') break;
    count += 1;
    if (count > limits.maxHeaders) throw new StompError(STOMP_MSG.tooManyHeaders, `Не более ${limits.maxHeaders} заголовков в кадре.`);
    const colon = line.text.indexOf(':');
    if (colon <= 0) throw new StompError(STOMP_MSG.badHeader, `Строка «${line.text.slice(0, 40)}» не имеет вида имя:значение.`);
    const rawName = line.text.slice(0, colon);
    const rawValue = line.text.slice(colon + 1);
    const name = escaped ? unescapeHeader(rawName) : rawName;
    const value = escaped ? unescapeHeader(rawValue) : rawValue;
    if (!(name in headers)) headers[name] = value;
    if (pos - start > limits.maxFrameBytes) throw new StompError(STOMP_MSG.frameTooBig, `Кадр больше ${limits.maxFrameBytes} байт.`);
  }

  let bodyEnd: number;
  const cl = headers['content-length'];
  if (cl !== undefined) {
    if (!/^\d{1,10}$/.test(cl)) throw new StompError(STOMP_MSG.badContentLength, `content-length «${cl.slice(0, 20)}» — не число октетов.`);
    const length = Number(cl);
    if (length > limits.maxBodyBytes) throw new StompError(STOMP_MSG.bodyTooBig, `Тело больше ${limits.maxBodyBytes} байт.`);
    bodyEnd = pos + length;
    if (bodyEnd >= data.length) throw new StompError(STOMP_MSG.contentLengthMismatch, `content-length ${length} больше оставшихся ${data.length - pos} октетов кадра.`);
    if (data[bodyEnd] !== NUL) throw new StompError(STOMP_MSG.contentLengthMismatch, `После ${length} октетов тела нет NUL.`);
  } else {
    const nul = data.indexOf(NUL, pos);
    const available = (nul === -1 ? data.length : nul) - pos;
    if (available > limits.maxBodyBytes) throw new StompError(STOMP_MSG.bodyTooBig, `Тело больше ${limits.maxBodyBytes} байт.`);
    if (nul === -1) throw new StompError(STOMP_MSG.noNul, 'Кадр оборван: нет NUL в конце.');
    bodyEnd = nul;
  }
  if (bodyEnd + 1 - start > limits.maxFrameBytes) throw new StompError(STOMP_MSG.frameTooBig, `Кадр больше ${limits.maxFrameBytes} байт.`);
  const body = data.subarray(pos, bodyEnd);
  if (body.length > 0 && command !== 'SEND') throw new StompError(STOMP_MSG.bodyNotAllowed, `У кадра ${command} не может быть тела.`);
  return { frame: { command: command as ClientCommand, headers, body: Buffer.from(body) }, end: bodyEnd + 1 };
}

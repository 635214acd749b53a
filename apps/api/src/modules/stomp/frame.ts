/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): the in-memory
 * shape and the encoder for frames the server sends.
 *
 * Wire form: `COMMAND EOL *(name:value EOL) EOL body NUL`. Header names and values are UTF-8
 * and escaped (`\r` `\n` `\c` `\\`) in every frame except CONNECT and CONNECTED. The server
 * always writes `content-length` (octets) on frames with a body.
 */

export const CLIENT_COMMANDS = ['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT'] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = 'CONNECTED' | 'MESSAGE' | 'RECEIPT' | 'ERROR';

const NUL = Buffer.from([0]);

/** Only these frames may carry a body (spec "Body"). */
export const COMMANDS_WITH_BODY: ReadonlySet<string> = new Set(['SEND', 'MESSAGE', 'ERROR']);

/** A parsed client frame. Repeated headers: the first one wins (spec "Repeated Header Entries"). */
export interface StompFrame {
  command: ClientCommand;
  headers: Record<string, string>;
  body: Buffer;
}

/** Escapes a header name or value (spec "Value Encoding"). */
export function escapeHeader(s: string): string {
  return s.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

/**
 * Encodes a server frame. `headers` keep their order; undefined values are left out.
 * A body (string = UTF-8) gets a `content-length` header; CONNECTED headers are not escaped.
 */
export function encodeFrame(command: ServerCommand, headers: Record<string, string | undefined>, body?: Buffer | string): Buffer {
  const escape = command !== 'CONNECTED';
  const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const lines: string[] = [command];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'content-length') continue;
    lines.push(escape ? `${escapeHeader(name)}:${escapeHeader(value)}` : `${name}:${value}`);
  }
  if (bytes) lines.push(`content-length:${bytes.length}`);
  const head = Buffer.from(`${lines.join('\n')}\n\n`, 'utf8');
  return Buffer.concat(bytes ? [head, bytes, NUL] : [head, NUL]);
}


/** One heart-beat: a lone end-of-line. */
export const HEART_BEAT = Buffer.from('\n');

/**
 * The Wialon IPS TCP receiver (issue 10 §3): one WialonSession per connection; lines ended by
 * CR LF (a bare LF is accepted too) are answered in order, each answer ended by CR LF. Never
 * crashes on input: a line longer than `maxLineBytes` or `maxGarbage` lines in a row that are not
 * packets close that connection; socket errors close that socket only; a database failure
 * closes the connection unanswered (the tracker resends). Idle connections close after `idleMs`.
 */
import net from 'node:net';
import type { PositionSink, UnitLookup } from './session';
import { WialonSession } from './session';

export interface ReceiverOptions {
  lookup: UnitLookup;
  sink: PositionSink;
  log?: (msg: string) => void;
  maxLineBytes?: number;
  maxGarbage?: number;
  idleMs?: number;
  clock?: () => Date;
}

export interface Receiver {
  server: net.Server;
  /** Open connections. */
  connections(): number;
  close(): Promise<void>;
}

export function createReceiver(o: ReceiverOptions): Receiver {
  const maxLine = o.maxLineBytes ?? 1024 * 1024;
  const maxGarbage = o.maxGarbage ?? 10;
  const log = o.log ?? (() => undefined);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(o.idleMs ?? 10 * 60_000, () => socket.destroy());
    socket.on('error', (e) => log(`tracker: socket ${socket.remoteAddress}: ${e.message}`));
    socket.on('close', () => sockets.delete(socket));
    const session = new WialonSession(o.lookup, o.sink, o.clock);
    let buffer = '';
    let chain: Promise<void> = Promise.resolve();
    const answer = (line: string) => {
      chain = chain.then(async () => {
        if (socket.destroyed) return;
        try {
          const out = await session.handle(line);
          if (out !== null && !socket.destroyed) socket.write(`${out}\r\n`);
          if (session.garbage >= maxGarbage) socket.end();
        } catch (e) {
          log(`tracker: storing failed, connection closed: ${(e as Error).message}`);
          socket.destroy();
        }
      });
    };
    socket.setEncoding('latin1'); // bytes kept as they are; the packets are ASCII
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (line.length) answer(line);
      }
      if (buffer.length > maxLine) {
        log(`tracker: line over ${maxLine} bytes from ${socket.remoteAddress}, connection closed`);
        buffer = '';
        socket.destroy();
      }
    });
  });
  server.on('error', (e) => log(`tracker: server: ${e.message}`));
  return {
    server,
    connections: () => sockets.size,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/**
 * The Wialon IPS TCP receiver (issue 10 §3): one WialonSession per connection; lines ended by
 * CR LF (a bare LF is accepted too) are answered in order, each answer ended by CR LF. Never
 * crashes on input: a line longer than `maxLineBytes` (default 1 MiB: a black box of 5 000 D
 * messages fits) or `maxGarbage` lines in a row that are not packets close that connection;
 * socket errors close that socket only; a database failure closes the connection unanswered (the
 * tracker resends); a refused login closes it after its answer (issue 22). Idle connections
 * close after `idleMs`. Connections are independent: each answers its own lines in order, none
 * waits for another's (the shared batcher runs several statements at once: ingest-batcher.ts).
 */
import net from 'node:net';
import type { SessionDeps } from './session';
import { WialonSession } from './session';

/** Unanswered lines per connection before its socket is paused. */
const MAX_BACKLOG = 64;

export interface ReceiverOptions extends Omit<SessionDeps, 'address'> {
  log?: (msg: string) => void;
  maxLineBytes?: number;
  maxGarbage?: number;
  idleMs?: number;
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
    const session = new WialonSession({ ...o, address: socket.remoteAddress ?? '' });
    let buffer = '';
    let chain: Promise<void> = Promise.resolve();
    // Lines read but not answered yet: over MAX_BACKLOG the socket is paused (a device that sends
    // without reading answers holds at most that many lines in memory).
    let backlog = 0;
    const answer = (line: string) => {
      if (++backlog >= MAX_BACKLOG) socket.pause();
      chain = chain.then(async () => {
        try {
          if (socket.destroyed || socket.writableEnded) return;
          const out = await session.handle(line);
          if (out !== null && !socket.destroyed && !socket.writableEnded) socket.write(`${out}\r\n`);
          if (session.closeAfterAnswer || session.garbage >= maxGarbage) {
            buffer = '';
            socket.end();
          }
        } catch (e) {
          log(`tracker: storing failed, connection closed: ${(e as Error).message}`);
          socket.destroy();
        } finally {
          if (--backlog < MAX_BACKLOG && socket.isPaused() && !socket.destroyed) socket.resume();
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

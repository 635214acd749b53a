/**
 * A real SMTP server for the tests (npm smtp-server), started on a free local port: every
 * message it receives is parsed (mailparser) and kept; `next(to)` waits for the next message to
 * an address. No authentication, no TLS (localhost only).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first message to `to` not taken yet (waits up to `ms`); throws on time-out. */
  next(to: string, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((m) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: m.subject ?? '',
          text: m.text ?? '',
          html: typeof m.html === 'string' ? m.html : '',
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      }, (e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const find = (to: string) => messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, ms = 10000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const m = find(to);
        if (m) {
          taken.add(m);
          return m;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no message to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link of a message's text (the first http(s) URL). */
export function linkOf(mail: ReceivedMail): URL {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return new URL(m[0]);
}

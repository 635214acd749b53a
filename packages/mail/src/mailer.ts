/**
 * The product's outgoing mail (issue 14 §3): one service, nodemailer over SMTP (SMTP_URL of
 * settings.ts), messages built from the Russian templates of templates.ts. Every process builds it
 * from the same settings and hands it to its domain runtime (createDomain({mailer})): the API's
 * modules (ModuleDeps.mailer), the registry effects (report notices) and the worker's overdue-appeal
 * notices all send through it.
 *
 * Without SMTP_URL nothing is sent: the message's subject and recipient are logged as a warning
 * (never its body: it may carry a password link) and send() resolves `false`.
 * send() throws what the SMTP server answers (nodemailer's error) when it refuses the message.
 */
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { MailTemplate, TemplateData, TemplateName } from './templates';
import { renderTemplate } from './templates';

export interface MailLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    smtpUrl: string | null,
    private readonly from: string,
    private readonly log: MailLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  /** True when an SMTP server is configured. */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Sends template `name` with `data` to `to`; true when the SMTP server accepted it. */
  async send<N extends TemplateName>(to: string, name: N, data: TemplateData<N>): Promise<boolean> {
    const msg: MailTemplate = renderTemplate(name, data);
    if (!this.transport) {
      this.log.warn({ to, subject: msg.subject }, 'SMTP_URL не задан: письмо не отправлено');
      return false;
    }
    await this.transport.sendMail({ from: this.from, to, subject: msg.subject, text: msg.text, html: msg.html });
    return true;
  }

  /** Sends without waiting; a failure is logged (the caller's answer must not depend on it). */
  sendLater<N extends TemplateName>(to: string, name: N, data: TemplateData<N>): void {
    this.send(to, name, data).catch((e: unknown) => this.log.error({ err: e, to }, 'письмо не отправлено'));
  }

  close(): void {
    this.transport?.close();
  }
}

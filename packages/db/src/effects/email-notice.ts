/**
 * The one rule of a notice by e-mail, for every notice of every process (report workflow notices,
 * overdue appeals): a notice already given in the notification centre is also e-mailed when the
 * user has an e-mail and the process's mailer has SMTP configured; otherwise it stays in-app only.
 * Sending does not wait (the mailer logs a failure).
 */
import type { TemplateData, TemplateName } from '@tko/mail';
import type { EffectMailer } from './types';

/** E-mails template `template` to `email` when the rule allows; answers whether it was handed to SMTP. */
export function emailNotice<N extends TemplateName>(mailer: EffectMailer | null, email: string | null, template: N, data: TemplateData<N>): boolean {
  if (!email || !mailer?.enabled) return false;
  mailer.sendLater(email, template, data);
  return true;
}

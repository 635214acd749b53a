/**
 * The worker's outgoing mail: the one Mailer of @tko/mail, built from the same settings as the
 * API's (SMTP_URL, MAIL_FROM: docs/CONFIGURATION.md) and handed to the domain runtime
 * (createDomain({mailer})), so the worker's notices (overdue appeals, report notices of its
 * writes) are e-mailed by the one rule of notices (@tko/db effects/email-notice.ts). Without
 * SMTP_URL notices stay in-app only, and this says so once in the log.
 */
import { Mailer } from '@tko/mail';
import type { MailSettings } from '@tko/mail';

/** Builds the worker's mailer; `log` gets one line when SMTP is not configured. A send failure goes to console.error. */
export function workerMailer(settings: MailSettings, log: (line: string) => void = console.log): Mailer {
  const mailer = new Mailer(settings.smtpUrl, settings.from, {
    warn: (obj, msg) => console.warn(`worker: ${msg} ${JSON.stringify(obj)}`),
    error: (obj, msg) => console.error(`worker: ${msg} ${JSON.stringify(obj, (k, v: unknown) => (v instanceof Error ? v.message : v))}`),
  });
  if (!mailer.enabled) log('worker: SMTP_URL не задан — уведомления (просроченные обращения и др.) только в приложении, без e-mail');
  return mailer;
}

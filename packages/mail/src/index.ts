/**
 * The product's outgoing mail, one place for every process (API, worker): the SMTP sender
 * (mailer.ts, nodemailer), its Russian templates (templates.ts) and its settings (settings.ts).
 */
export { Mailer } from './mailer';
export type { MailLogger } from './mailer';
export { renderTemplate } from './templates';
export type { MailTemplate, TemplateData, TemplateName } from './templates';
export { mailEnvShape, mailSettingsOf, readMailSettings } from './settings';
export type { MailSettings } from './settings';

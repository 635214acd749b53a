/** Test helpers of the mailer: a real SMTP receiver (smtp-server + mailparser). */
export { linkOf, startSmtpReceiver } from './smtp-receiver';
export type { ReceivedMail, SmtpReceiver } from './smtp-receiver';

/**
 * The mail settings of every process (docs/CONFIGURATION.md: SMTP_URL, MAIL_FROM, MAIL_LIMIT_*),
 * read in one place: the API spreads `mailEnvShape` into its zod schema, the worker calls
 * readMailSettings(process.env). Throws a Russian message naming the variable when a value is invalid.
 */
import { z } from 'zod';

/** The zod fields of the mail variables (defaults included). */
export const mailEnvShape = {
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Реестр ТКО <noreply@localhost>'),
  MAIL_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  MAIL_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  MAIL_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
};

const MailEnv = z.object(mailEnvShape);

export interface MailSettings {
  /** nodemailer SMTP URL (`smtp://user:pass@host:587`, `smtps://…`); null = messages are not sent (logged). */
  smtpUrl: string | null;
  /** The From of every message. */
  from: string;
  /** Registration and restore requests per window, per e-mail and per client address (issue 14 §3; the API's routes). */
  rateLimit: { perAccount: number; perAddress: number; windowSeconds: number };
}

/** The settings of already-parsed mail variables. */
export function mailSettingsOf(e: z.output<typeof MailEnv>): MailSettings {
  return {
    smtpUrl: e.SMTP_URL || null,
    from: e.MAIL_FROM,
    rateLimit: { perAccount: e.MAIL_LIMIT_PER_ACCOUNT, perAddress: e.MAIL_LIMIT_PER_ADDRESS, windowSeconds: e.MAIL_LIMIT_WINDOW_SECONDS },
  };
}

/** Reads the mail variables of `env`; throws «<VAR>: …» in Russian when one is invalid. */
export function readMailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings {
  const r = MailEnv.safeParse(env);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${String(i.path[0])} должно быть целым положительным числом, получено «${String(env[String(i.path[0])])}».`);
  }
  return mailSettingsOf(r.data);
}

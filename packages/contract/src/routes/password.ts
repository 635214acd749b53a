/**
 * Registration and password restore by e-mail (spec 01 §2 /reg/, /restore/, §7; issue 14 §3).
 *
 *   POST /api/auth/register/              a declarant registers: e-mail, names, organisation by ИНН
 *                                         (10 digits, check digit). Always 202 with the same detail:
 *                                         the message carries a signed single-use link to /reg/.
 *   POST /api/auth/password/requestreset/ e-mail → always 200 with the same detail, whether the
 *                                         address is known or not (no account enumeration); a known
 *                                         active user gets a link to /restore/.
 *   PUT  /api/auth/password/reset/        token + password: sets the password (registration or
 *                                         restore), verifies the e-mail, ends every session of the
 *                                         user; the link works once and expires (1 h by default).
 * All three are public and throttled per address and per e-mail (429 with Retry-After).
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { validateInnOrganisation } from '../validation/inn';

/** Fewest characters of a password (NIST SP 800-63B §5.1.1.2: at least 8). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGES = {
  short: `Пароль слишком короткий: нужно не менее ${PASSWORD_MIN_LENGTH} символов.`,
  long: `Пароль слишком длинный: не более ${PASSWORD_MAX_LENGTH} символов.`,
  common: 'Этот пароль слишком распространён: выберите другой.',
  tokenInvalid: 'Ссылка недействительна, уже использована или её срок истёк. Запросите новую.',
} as const;

const email = z.string({ error: MSG.required }).trim().toLowerCase().min(1, MSG.blank).max(254, MSG.maxLength(254)).email('Введите правильный адрес электронной почты.');

export const PasswordResetRequestSchema = z.strictObject({ email });
export const PasswordResetSchema = z.strictObject({
  token: z.string({ error: MSG.required }).min(1, MSG.blank).max(500),
  password: z.string({ error: MSG.required }).min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.short).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.long),
});
export const RegistrationSchema = z.strictObject({
  email,
  last_name: z.string({ error: MSG.required }).trim().min(1, MSG.blank).max(150, MSG.maxLength(150)),
  first_name: z.string({ error: MSG.required }).trim().min(1, MSG.blank).max(150, MSG.maxLength(150)),
  middle_name: z.string().trim().max(150, MSG.maxLength(150)).default(''),
  /** ИНН of the organisation (юридическое лицо) the declarant acts for. */
  inn: z.string({ error: MSG.required }).trim().superRefine((v, ctx) => {
    const msg = validateInnOrganisation(v);
    if (msg) ctx.addIssue({ code: 'custom', message: msg });
  }),
  organization_name: z.string().trim().max(500, MSG.maxLength(500)).default(''),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const PasswordDetailSchema = z.object({ detail: z.string() });

/** The one answer of requestreset, known e-mail or not. */
export const RESET_REQUESTED = 'Если этот адрес зарегистрирован, на него отправлено письмо со ссылкой для восстановления пароля.';
/** The one answer of registration, new e-mail or not. */
export const REGISTRATION_ACCEPTED = 'Заявка принята. Письмо со ссылкой для установки пароля отправлено на указанный адрес.';
export const PASSWORD_SET = 'Пароль установлен. Войдите с новым паролем.';

const LIMITS = 'Число запросов ограничено на адрес электронной почты и на адрес клиента: сверх них 429 с Retry-After.';
export const registrationRoute = defineRoute({
  method: 'POST', path: '/api/auth/register/', permission: 'public', tags: ['auth'], summary: 'Регистрация декларанта (письмо со ссылкой)',
  description: LIMITS, body: RegistrationSchema, response: { 202: PasswordDetailSchema },
});
export const passwordRequestResetRoute = defineRoute({
  method: 'POST', path: '/api/auth/password/requestreset/', permission: 'public', tags: ['auth'], summary: 'Восстановление пароля: письмо со ссылкой',
  description: `Ответ одинаков для известного и неизвестного адреса. ${LIMITS}`, body: PasswordResetRequestSchema, response: { 200: PasswordDetailSchema },
});
export const passwordResetRoute = defineRoute({
  method: 'PUT', path: '/api/auth/password/reset/', permission: 'public', tags: ['auth'], summary: 'Установить пароль по ссылке из письма',
  description: `Ссылка одноразовая и действует ограниченное время; все сессии пользователя завершаются. ${LIMITS}`,
  body: PasswordResetSchema, response: { 200: PasswordDetailSchema },
});

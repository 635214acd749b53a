/**
 * The public appeal form's guard against scripts, without third-party services (issue 25 §2;
 * docs/DECISIONS.md «Public appeal form»): a form token `<issued ms>.<HMAC-SHA256(JWT_SECRET,
 * 'appeal-form:' + issued ms)>` (base64url) handed out with the form. A filing is refused
 * (400 on `token`) when the token is forged, younger than PUBLIC_APPEAL_MIN_SECONDS (a person reads
 * and types; a script posting at once does not) or older than 2 h; the honeypot field `website`,
 * hidden from people, must stay empty.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PUBLIC_APPEAL_MIN_SECONDS } from '@tko/contract';

const MAX_AGE_MS = 2 * 3_600_000;
const sign = (secret: string, issued: string) => createHmac('sha256', secret).update(`appeal-form:${issued}`).digest('base64url');

/** A form token issued at `issuedMs`. */
export function formToken(secret: string, issuedMs: number): string {
  const issued = String(Math.floor(issuedMs));
  return `${issued}.${sign(secret, issued)}`;
}

/** Why a filing is refused (a Russian message for `token`), or null when it may pass. */
export function formTokenProblem(secret: string, token: string, honeypot: string | undefined, nowMs: number): string | null {
  if (honeypot) return 'Обращение не принято: форма заполнена автоматически.';
  const [issued, sig] = token.split('.');
  if (!issued || !sig || !/^\d{10,16}$/.test(issued)) return 'Обновите страницу и отправьте форму ещё раз.';
  const expected = Buffer.from(sign(secret, issued));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'Обновите страницу и отправьте форму ещё раз.';
  const age = nowMs - Number(issued);
  if (age < PUBLIC_APPEAL_MIN_SECONDS * 1000) return `Форма отправлена слишком быстро. Проверьте текст и отправьте через ${PUBLIC_APPEAL_MIN_SECONDS} с.`;
  if (age > MAX_AGE_MS) return 'Форма устарела: обновите страницу и отправьте её ещё раз.';
  return null;
}

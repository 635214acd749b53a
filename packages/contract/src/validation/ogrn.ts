/**
 * ОГРН and ОГРНИП (основной государственный регистрационный номер) and their check digits.
 *
 * - ОГРН of an organisation: 13 digits; the 13th is the last digit of the remainder of the
 *   12-digit number formed by the first 12 digits divided by 11 (Правила ведения ЕГРЮЛ,
 *   постановление Правительства РФ от 19.06.2002 № 438).
 * - ОГРНИП of an individual entrepreneur: 15 digits; the 15th is the last digit of the
 *   remainder of the first 14 digits divided by 13 (Правила ведения ЕГРИП, постановление
 *   Правительства РФ от 16.10.2003 № 630).
 * The numbers exceed 2⁵³, so the arithmetic is done with BigInt.
 */

function lastDigitOfRemainder(digits: string, divisor: bigint): number {
  return Number((BigInt(digits) % divisor) % 10n);
}

/** True for a 13-digit ОГРН with a correct check digit (e.g. 1027700132195). */
export function isValidOgrn(ogrn: string): boolean {
  return /^\d{13}$/.test(ogrn) && lastDigitOfRemainder(ogrn.slice(0, 12), 11n) === Number(ogrn[12]);
}

/** True for a 15-digit ОГРНИП with a correct check digit (e.g. 304500116000157). */
export function isValidOgrnip(ogrnip: string): boolean {
  return /^\d{15}$/.test(ogrnip) && lastDigitOfRemainder(ogrnip.slice(0, 14), 13n) === Number(ogrnip[14]);
}

export const OGRN_MESSAGES = {
  ogrnLength: 'ОГРН состоит из 13 цифр.',
  ogrnipLength: 'ОГРНИП состоит из 15 цифр.',
  ogrnCheckDigit: 'Неверный ОГРН: не сходится контрольное число.',
  ogrnipCheckDigit: 'Неверный ОГРНИП: не сходится контрольное число.',
} as const;

/** Validator for an ОГРН: a Russian message, or null when valid. */
export function validateOgrn(value: string): string | null {
  if (!/^\d{13}$/.test(value)) return OGRN_MESSAGES.ogrnLength;
  return isValidOgrn(value) ? null : OGRN_MESSAGES.ogrnCheckDigit;
}

/** Validator for an ОГРНИП: a Russian message, or null when valid. */
export function validateOgrnip(value: string): string | null {
  if (!/^\d{15}$/.test(value)) return OGRN_MESSAGES.ogrnipLength;
  return isValidOgrnip(value) ? null : OGRN_MESSAGES.ogrnipCheckDigit;
}

/**
 * КПП (код причины постановки на учёт): 9 characters NNNNPPXXX — 4 digits of the tax office
 * (код налогового органа), 2 characters of the reason (digits or, since 2013, capital Latin
 * letters A–Z), 3 digits of the serial number (приказ ФНС России от 29.06.2012
 * № ММВ-7-6/435@, раздел о КПП). КПП has no check digit.
 */

const KPP_RE = /^\d{4}[\dA-Z]{2}\d{3}$/;

export const KPP_MESSAGE = 'КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры.';

/** True for a well-formed КПП, e.g. 773601001 or 7736AB001. */
export function isValidKpp(kpp: string): boolean {
  return KPP_RE.test(kpp);
}

/** Validator for a КПП: a Russian message, or null when well-formed. */
export function validateKpp(value: string): string | null {
  return isValidKpp(value) ? null : KPP_MESSAGE;
}

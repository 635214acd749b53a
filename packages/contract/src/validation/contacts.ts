/**
 * Contacts and identity documents of people and organisations: telephone, e-mail, the series
 * and number of a Russian passport. Used by legal entities (spec 02 §3) and administrative
 * units (spec 03 §5 "validates … phone, email"); the web form calls the same functions.
 */

export const CONTACT_MESSAGES = {
  phone: 'Введите номер телефона: от 5 до 15 цифр; допустимы пробелы, скобки, дефисы и «+» в начале, например +7 (3852) 20-12-34.',
  email: 'Введите правильный адрес электронной почты.',
  passport: 'Серия и номер паспорта — 10 цифр: 4 цифры серии и 6 цифр номера, например 0104 123456.',
} as const;

/**
 * True for a telephone number as people write it: an optional leading '+', then digits,
 * spaces, brackets and hyphens, 5 to 15 digits in all (E.164 allows at most 15; rural
 * numbers have 5), with an optional extension «доб. 123».
 */
export function isValidPhone(value: string): boolean {
  const [main, ext] = value.split(/\s*доб\.?\s*/i);
  if (ext !== undefined && !/^\d{1,6}$/.test(ext)) return false;
  if (!/^\+?[\d\s()-]+$/.test(main!)) return false;
  const digits = main!.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 15;
}

/** Validator for a telephone number: a Russian message, or null when valid. */
export function validatePhone(value: string): string | null {
  return isValidPhone(value) ? null : CONTACT_MESSAGES.phone;
}

/** True for an e-mail address of the form local@domain.tld (no spaces, one '@'). */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** Validator for an e-mail address: a Russian message, or null when valid. */
export function validateEmail(value: string): string | null {
  return isValidEmail(value) ? null : CONTACT_MESSAGES.email;
}

/**
 * True for the series and number of a Russian passport: 10 digits (4 of the series, 6 of the
 * number), spaces allowed, e.g. «0104 123456», as printed on the passport of a citizen of the
 * Russian Federation (the series: 2 digits of the region code (ОКАТО) and 2 of the year of the
 * blank).
 */
export function isValidPassportNumber(value: string): boolean {
  return /^\d{10}$/.test(value.replace(/\s/g, ''));
}

/** Validator for a passport series and number: a Russian message, or null when valid. */
export function validatePassportNumber(value: string): string | null {
  return isValidPassportNumber(value) ? null : CONTACT_MESSAGES.passport;
}

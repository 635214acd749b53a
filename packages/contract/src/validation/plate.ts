/**
 * Russian vehicle registration plates (ГОСТ Р 50577-2018 «Знаки государственные
 * регистрационные транспортных средств»): only the 12 Cyrillic letters that have a Latin
 * look-alike are used — А В Е К М Н О Р С Т У Х.
 *
 * - type 1 (lorries and cars): letter, three digits (001–999), two letters, region of 2–3 digits
 *   — written 'Е 529 НУ 138';
 * - type 2 (trailers, semi-trailers): two letters, four digits (0001–9999), region — 'АВ 1234 38'.
 *
 * `normalizePlate` gives one spelling (upper case, Latin look-alikes turned Cyrillic, single
 * spaces between the parts), so 'e529hy138' and 'Е 529  НУ 138' are the same plate (the
 * Angarsk file spells one truck both ways, issue 10 §1). `validatePlate` checks the result.
 */

/** Latin letters that look like the 12 Cyrillic letters allowed on Russian plates. */
const LATIN_TO_CYRILLIC: Record<string, string> = {
  A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', Y: 'У', X: 'Х',
};
const L = '[АВЕКМНОРСТУХ]';
/** Type 1; the region may be missing in old records (then the plate is kept but not valid). */
const TYPE1_RE = new RegExp(`^(${L})(\\d{3})(${L}{2})(\\d{2,3})?$`, 'u');
const TYPE2_RE = new RegExp(`^(${L}{2})(\\d{4})(\\d{2,3})$`, 'u');

/**
 * One spelling of a plate: 'Е529НУ138', 'e 529 hy 138' → 'Е 529 НУ 138'; 'ав123438' →
 * 'АВ 1234 38'. A text of another shape keeps its characters with single spaces (trimmed).
 */
export function normalizePlate(raw: string): string {
  const compact = raw.toUpperCase().replace(/\s+/g, '').replace(/[A-Z]/g, (c) => LATIN_TO_CYRILLIC[c] ?? c);
  const m1 = TYPE1_RE.exec(compact);
  if (m1) return [m1[1], m1[2], m1[3], m1[4]].filter(Boolean).join(' ');
  const m2 = TYPE2_RE.exec(compact);
  if (m2) return [m2[1], m2[2], m2[3]].join(' ');
  return raw.trim().replace(/\s+/g, ' ');
}

/**
 * A Russian message when the (normalised) plate is not a type 1 or type 2 plate with a region,
 * or its number is all zeros or its region 00/000; null when it is valid.
 */
export function validatePlate(raw: string): string | null {
  const p = normalizePlate(raw).replace(/ /g, '');
  const m1 = TYPE1_RE.exec(p);
  const m2 = m1 ? null : TYPE2_RE.exec(p);
  if (!m1 && !m2) {
    return 'Неверный формат госномера: ожидается «А 123 ВС 38» (буквы А, В, Е, К, М, Н, О, Р, С, Т, У, Х) или «АВ 1234 38» для прицепа.';
  }
  const number = (m1 ? m1[2] : m2![2]) ?? '';
  const region = m1 ? m1[4] : m2![3];
  if (!region) return 'Укажите код региона госномера.';
  if (/^0+$/.test(number)) return 'Номер госзнака не может состоять из нулей.';
  if (/^0+$/.test(region)) return 'Неверный код региона госномера.';
  return null;
}

/** True for a valid plate in any spelling. */
export function isValidPlate(raw: string): boolean {
  return validatePlate(raw) === null;
}

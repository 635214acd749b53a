/**
 * ФККО codes (Федеральный классификационный каталог отходов, приказ Росприроднадзора от
 * 22.05.2017 № 242; published at rpn.gov.ru/fkko).
 *
 * A code is 11 digits, written in the groups `B BB BBB BB BB C`: block (1 digit; blocks 1–4 and
 * 6–9, there is no block 5 and no block 0), type (2), subtype (3), group (2), subgroup (2) and
 * the hazard class for the environment (1: classes 1–5; 0 marks a grouping row that is not a
 * waste item). A grouping row has its trailing groups zeroed; an item has a class digit 1–5.
 *
 * The same check serves the catalogue loader (packages/db/src/fkko), the API body of the
 * `fkko` registry and the web form, so a code is judged one way everywhere.
 */

/** Levels of the catalogue, from the digit groups (block → type → subtype → group → subgroup → item). */
export type FkkoLevelValue = 'BLOCK' | 'TYPE' | 'SUBTYPE' | 'GROUP' | 'SUBGROUP' | 'ITEM';

export interface FkkoCode {
  /** The 11 digits, without spaces. */
  code: string;
  /** Last digit: 1–5 for a waste item, 0 for a grouping row. */
  hazardClass: number;
  level: FkkoLevelValue;
}

export type FkkoParse = { ok: true; value: FkkoCode } | { ok: false; reason: string };

/** Names of characters that are easy to miss in a code (the catalogue has U+00A0 in 17 codes). */
const INVISIBLE: Record<string, string> = {
  '\u00a0': 'неразрывный пробел',
  '\u2007': 'цифровой пробел',
  '\u202f': 'узкий неразрывный пробел',
  '\t': 'табуляция',
  '\u200b': 'пробел нулевой ширины',
};

function describeChar(ch: string): string {
  const cp = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = INVISIBLE[ch];
  return name ? `${cp} (${name})` : `«${ch}» (${cp})`;
}

/**
 * Parses a code typed with or without the usual spaces between the groups (ASCII spaces only).
 * Any other character, a wrong number of digits, block 0 or 5, or a class digit above 5 is a
 * failure with a Russian reason naming the character and the digit position it stands in.
 */
export function parseFkkoCode(raw: string): FkkoParse {
  const compact = raw.trim().replace(/ /g, '');
  if (compact === '') return { ok: false, reason: 'Код ФККО не указан.' };
  const bad = [...compact].findIndex((ch) => ch < '0' || ch > '9');
  if (bad >= 0) {
    const ch = [...compact][bad]!;
    return { ok: false, reason: `Код ФККО должен состоять из 11 цифр: на месте ${bad + 1}-й цифры стоит символ ${describeChar(ch)}.` };
  }
  if (compact.length !== 11) return { ok: false, reason: `Код ФККО должен состоять из 11 цифр, а в нём ${compact.length}.` };
  if (compact[0] === '0' || compact[0] === '5') return { ok: false, reason: `Блока ${compact[0]} в ФККО нет (блоки 1–4 и 6–9).` };
  const hazardClass = Number(compact[10]);
  if (hazardClass > 5) return { ok: false, reason: `Последняя цифра кода ФККО — класс опасности от 0 до 5, а не ${hazardClass}.` };
  return { ok: true, value: { code: compact, hazardClass, level: fkkoLevel(compact) } };
}

/**
 * The level of an 11-digit code by its digit groups: ITEM when the class digit is 1–5, else the
 * last non-zero group (subgroup, group, subtype, type, block).
 */
export function fkkoLevel(code: string): FkkoLevelValue {
  if (code[10] !== '0') return 'ITEM';
  if (code.slice(8, 10) !== '00') return 'SUBGROUP';
  if (code.slice(6, 8) !== '00') return 'GROUP';
  if (code.slice(3, 6) !== '000') return 'SUBTYPE';
  if (code.slice(1, 3) !== '00') return 'TYPE';
  return 'BLOCK';
}

/** `73111001724` → `7 31 110 01 72 4` (the catalogue's grouping). */
export function formatFkkoCode(code: string): string {
  return `${code.slice(0, 1)} ${code.slice(1, 3)} ${code.slice(3, 6)} ${code.slice(6, 8)} ${code.slice(8, 10)} ${code.slice(10)}`;
}

/**
 * Codes that can be ancestors of `code`: its first k digits (k = 1…10) padded with zeros,
 * without the code itself. The ancestors of a row are the existing rows among these; its parent
 * is the nearest one, i.e. the greatest (the catalogue nests inside a group, e.g.
 * 7 31 110 00 00 0 under 7 31 100 00 00 0, so digits, not whole groups, are zeroed). The SQL
 * function `fkko_ancestor_codes` (migration 20261122090200) is the same rule.
 */
export function fkkoAncestorCodes(code: string): string[] {
  const out = new Set<string>();
  for (let k = 1; k <= 10; k++) out.add(code.slice(0, k).padEnd(11, '0'));
  out.delete(code);
  return [...out].sort();
}

/** Validator for the text builder: a Russian message, or null for a valid code. */
export function validateFkkoCode(value: string): string | null {
  const r = parseFkkoCode(value);
  return r.ok ? null : r.reason;
}

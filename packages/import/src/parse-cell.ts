/**
 * Cell text → the wire value a registry field accepts (@tko/contract fields.ts), by field kind.
 * Spreadsheets written by people use decimal commas (52,546842), thousands separated by spaces,
 * dates as ДД.ММ.ГГГГ, «да»/«нет», enumeration labels instead of codes and lists separated by
 * ';' — all are accepted here; the registry's own schema validates the result afterwards.
 * Each parser returns `{value}` or `{error}` (Russian); an empty cell never reaches them.
 */
import type { EnumDef } from '@tko/contract';
import { round6 } from '@tko/contract';

export type Parsed = { value: unknown } | { error: string };

const ok = (value: unknown): Parsed => ({ value });
const fail = (error: string): Parsed => ({ error });

/** Lower case, ё → е, runs of blanks → one space. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** '1 234,5' → '1234.5'; null when the text is not a plain decimal number. */
export function decimalText(text: string): string | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(s) || /^[-+]?\.\d+$/.test(s) ? s.replace(/^\+/, '').replace(/^(-?)\./, '$10.') : null;
}

export function parseDecimal(text: string): Parsed {
  const s = decimalText(text);
  return s === null ? fail(`Ожидалось число, получено «${text}».`) : ok(s);
}

export function parseInteger(text: string): Parsed {
  const s = decimalText(text);
  if (s === null || !Number.isInteger(Number(s))) return fail(`Ожидалось целое число, получено «${text}».`);
  return ok(Number(s));
}

const TRUE = new Set(['да', 'д', 'yes', 'y', 'true', 'истина', '1', '+', 'есть']);
const FALSE = new Set(['нет', 'н', 'no', 'n', 'false', 'ложь', '0', '-', '—']);

export function parseBoolean(text: string): Parsed {
  const t = fold(text);
  if (TRUE.has(t)) return ok(true);
  if (FALSE.has(t)) return ok(false);
  return fail(`Ожидалось «да» или «нет», получено «${text}».`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ДД.ММ.ГГГГ (also ДД/ММ/ГГГГ, ДД.ММ.ГГ), ГГГГ-ММ-ДД, or an xlsx date 'ГГГГ-ММ-ДДTчч:мм:сс'. */
export function parseDate(text: string): Parsed {
  let y: number, m: number, d: number;
  const ru = /^(\d{1,2})[./](\d{1,2})[./](\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$/.exec(text.trim());
  if (ru) {
    d = Number(ru[1]);
    m = Number(ru[2]);
    y = Number(ru[3]);
    if (ru[3]!.length === 2) y += y < 70 ? 2000 : 1900;
  } else if (iso) {
    y = Number(iso[1]);
    m = Number(iso[2]);
    d = Number(iso[3]);
  } else {
    return fail(`Неправильная дата «${text}»: используйте ДД.ММ.ГГГГ.`);
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return fail(`Такой даты нет: «${text}».`);
  return ok(`${y}-${pad(m)}-${pad(d)}`);
}

/** чч:мм or чч:мм:сс (also 6.00 / 6-00 as people write it) → 'чч:мм:сс'. */
export function parseTime(text: string): Parsed {
  const m = /^(\d{1,2})[:.-](\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return fail(`Неправильное время «${text}»: используйте ЧЧ:ММ.`);
  return ok(`${pad(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`);
}

/** An enumeration value by its code or its Russian label, case and ё/е aside. */
export function parseEnum(e: EnumDef, text: string): Parsed {
  const t = fold(text);
  const hit = e.values.find((v) => fold(v) === t || fold(e.label(v)) === t);
  if (hit) return ok(hit);
  const shown = e.values.map((v) => `«${e.label(v)}»`).join(', ');
  return fail(`Значения «${text}» нет среди допустимых: ${shown}.`);
}

/** Splits a list cell on ';', ',' or line breaks (a ','-list of decimals is not expected). */
export function splitList(text: string, separators = /[;,\n]+/): string[] {
  return text.split(separators).map((s) => s.trim()).filter(Boolean);
}

export function parseEnumList(e: EnumDef, text: string): Parsed {
  const out: unknown[] = [];
  for (const part of splitList(text)) {
    const p = parseEnum(e, part);
    if ('error' in p) return p;
    out.push(p.value);
  }
  return ok(out);
}

/** Integers separated by ';', ',' or blanks: '1;8;15', '1, 8, 15'. */
export function parseIntList(text: string): Parsed {
  const parts = splitList(text, /[;,\s]+/);
  const out: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return fail(`Ожидался список целых чисел через «;», получено «${text}».`);
    out.push(Number(part));
  }
  return ok(out);
}

const WEEKDAYS: [number, string[]][] = [
  [1, ['пн', 'пон', 'понедельник']], [2, ['вт', 'вто', 'вторник']], [3, ['ср', 'сре', 'среда']],
  [4, ['чт', 'чет', 'четверг']], [5, ['пт', 'пят', 'пятница']], [6, ['сб', 'суб', 'суббота']], [7, ['вс', 'вос', 'воскресенье']],
];

/** Days of the week as numbers 1–7 or Russian names ('пн; ср; пт', 'понедельник, четверг'). */
export function parseWeekdays(text: string): Parsed {
  const out: number[] = [];
  for (const part of splitList(text, /[;,\s]+/)) {
    const t = fold(part).replace(/\.$/, '');
    const n = /^\d$/.test(t) ? Number(t) : WEEKDAYS.find(([, names]) => names.includes(t))?.[0];
    if (!n) return fail(`Неизвестный день недели «${part}»: используйте пн … вс или 1 … 7.`);
    out.push(n);
  }
  return ok(out);
}

export function parseDateList(text: string): Parsed {
  const out: string[] = [];
  for (const part of splitList(text, /[;,\s]+/)) {
    const p = parseDate(part);
    if ('error' in p) return p;
    out.push(p.value as string);
  }
  return ok(out);
}

/** One coordinate in degrees, decimal point or comma. */
export function parseDegrees(text: string, axis: 'lat' | 'lng'): Parsed {
  const s = decimalText(text);
  const n = s === null ? NaN : Number(s);
  const limit = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(n) || Math.abs(n) > limit) {
    return fail(axis === 'lat' ? `Широта должна быть числом от -90 до 90, получено «${text}».` : `Долгота должна быть числом от -180 до 180, получено «${text}».`);
  }
  return ok(round6(n));
}

/**
 * A point in one cell: 'lat, lng' (spec 01 §5), or with decimal commas when the two numbers
 * are separated by ';', blanks or ', ' ('52,546842; 103,870102', '52,546842 103,870102').
 */
export function parsePoint(text: string): Parsed {
  const t = text.trim();
  const num = String.raw`[-+]?\d+(?:[.,]\d+)?`;
  const m =
    new RegExp(`^(${num.replace('[.,]', '\\.')})\\s*,\\s*(${num.replace('[.,]', '\\.')})$`).exec(t) ??
    new RegExp(`^(${num})\\s*;\\s*(${num})$`).exec(t) ??
    new RegExp(`^(${num}),\\s+(${num})$`).exec(t) ??
    new RegExp(`^(${num})\\s+(${num})$`).exec(t);
  if (!m) return fail(`Координаты «${text}» не распознаны: укажите «широта, долгота», например «52.546842, 103.870102».`);
  const lat = parseDegrees(m[1]!, 'lat');
  if ('error' in lat) return lat;
  const lng = parseDegrees(m[2]!, 'lng');
  if ('error' in lng) return lng;
  return ok({ lat: lat.value, lng: lng.value });
}

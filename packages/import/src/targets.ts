/**
 * Import targets: what a file column can map to. Most are the registry's own writable fields,
 * derived from its ResourceDef (label, kind, enumeration values, a cell parser by kind); a
 * template adds virtual targets (e.g. latitude and longitude in two columns) and turns them into
 * fields in its row transform (templates/*.ts).
 */
import type { EnumDef, FieldDef, ImportTarget, RefTarget, ResourceDef } from '@tko/contract';
import type { Parsed } from './parse-cell';
import {
  parseBoolean, parseDate, parseDateList, parseDecimal, parseEnum, parseEnumList, parseInteger,
  parseIntList, parsePoint, parseTime, splitList,
} from './parse-cell';

/** A reference written by name (or id) in the file, resolved against its table before writing. */
export interface RefLookup {
  ref: RefTarget;
  names: string[];
  many: boolean;
}

export interface TargetDef extends ImportTarget {
  /** Cell text (trimmed, non-empty) → value; a RefLookup for references. */
  parse(text: string): Parsed;
  /** How repeated rows of one object combine: lists united, other values by majority. */
  merge: 'union' | 'majority';
}

/** Field kinds a cell can fill. */
const IMPORTABLE = new Set<FieldDef['kind']>(['text', 'longtext', 'integer', 'decimal', 'boolean', 'date', 'time', 'enum', 'enum_list', 'int_list', 'date_list', 'point', 'ref', 'refs', 'person']);

const HINTS: Partial<Record<FieldDef['kind'], string>> = {
  text: 'Текст.',
  longtext: 'Текст.',
  integer: 'Целое число.',
  decimal: 'Число; дробная часть через точку или запятую.',
  boolean: '«да» или «нет».',
  date: 'Дата ДД.ММ.ГГГГ.',
  time: 'Время ЧЧ:ММ.',
  enum: 'Одно из значений списка (название или код).',
  enum_list: 'Значения списка через «;».',
  int_list: 'Целые числа через «;», например «1;8;15».',
  date_list: 'Даты ДД.ММ.ГГГГ через «;».',
  point: 'Широта и долгота через запятую, например «52.546842, 103.870102».',
  ref: 'Название записи справочника (или её номер).',
  refs: 'Названия записей справочника через «;».',
  person: 'ФИО.',
};

function cellParser(fd: FieldDef): (text: string) => Parsed {
  switch (fd.kind) {
    case 'integer': return parseInteger;
    case 'decimal': return parseDecimal;
    case 'boolean': return parseBoolean;
    case 'date': return parseDate;
    case 'time': return parseTime;
    case 'enum': return (t) => parseEnum(fd.enum as EnumDef, t);
    case 'enum_list': return (t) => parseEnumList(fd.enum as EnumDef, t);
    case 'int_list': return parseIntList;
    case 'date_list': return parseDateList;
    case 'point': return parsePoint;
    case 'ref': return (t) => ({ value: { ref: fd.ref!, names: [t], many: false } satisfies RefLookup });
    case 'refs': return (t) => ({ value: { ref: fd.ref!, names: splitList(t, /[;\n]+/), many: true } satisfies RefLookup });
    case 'person': return (t) => ({ value: { full_name: t } });
    default: return (t) => ({ value: t });
  }
}

export interface FieldTargetOptions {
  /** Fields left out (besides read-only and non-importable kinds). */
  exclude?: string[];
  /** Extra header names per field. */
  synonyms?: Record<string, string[]>;
  /** Replaces the default hint of a field. */
  hints?: Record<string, string>;
  /** Replaces the cell parser of a field. */
  parsers?: Record<string, (text: string) => Parsed>;
  /** Fields whose requirement is met by a group of targets (e.g. coordinates ← lat + lng). */
  groups?: Record<string, string>;
}

/** The registry's writable, importable fields as targets, in the registry's field order. */
export function fieldTargets(def: ResourceDef, o: FieldTargetOptions = {}): TargetDef[] {
  const out: TargetDef[] = [];
  for (const [key, fd] of Object.entries(def.fields)) {
    if (fd.readOnly || !fd.write || !IMPORTABLE.has(fd.kind) || o.exclude?.includes(key)) continue;
    out.push({
      field: key,
      label: fd.label,
      required: fd.required,
      group: o.groups?.[key] ?? null,
      kind: fd.kind,
      hint: o.hints?.[key] ?? (fd.unit ? `${HINTS[fd.kind] ?? ''} Единица: ${fd.unit}.`.trim() : (HINTS[fd.kind] ?? 'Текст.')),
      choices: fd.enum ? fd.enum.values.map((v) => ({ value: v, label: fd.enum!.label(v) })) : null,
      synonyms: o.synonyms?.[key] ?? [],
      parse: o.parsers?.[key] ?? cellParser(fd),
      merge: ['int_list', 'date_list', 'enum_list', 'refs'].includes(fd.kind) ? 'union' : 'majority',
    });
  }
  return out;
}

/** A target as the labels call answers it (without its functions). */
export function publicTarget(t: TargetDef): ImportTarget {
  const { parse: _p, merge: _m, ...rest } = t;
  return rest;
}

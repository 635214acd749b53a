/**
 * Hash options → the API's list parameters (`listQuerySchema(def)`): query strings for the GET
 * list, JSON for the POST search and xlsx calls. Unknown keys and values the registry does not
 * know are dropped, so a hand-edited URL never produces a 400.
 */
import { DateOrDateTimeSchema, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, parseCoordinatesString, PeriodSchema, type FilterDef, type ResourceDef } from '@tko/contract';
import { intOption, splitList, type HashOptions } from './hash-options';

/**
 * Default list options written into the hash (spec 02 §2): page 1, and for the waste-site lists
 * also their ordering (`#page=1&ordering=location`). Without `ordering` in the hash a list is
 * still ordered by the registry's default ordering.
 */
export function defaultListOptions(def: ResourceDef, withOrdering = true): HashOptions {
  return withOrdering ? { page: '1', ordering: def.defaultOrdering } : { page: '1' };
}

export type FilterValue = string | string[] | number[] | boolean;

/** The filter's value from the hash, typed and checked, or undefined when absent/invalid. */
export function readFilter(fdef: FilterDef, name: string, opts: HashOptions): FilterValue | undefined {
  const raw = opts[name];
  if (raw === undefined || raw === '') return undefined;
  switch (fdef.kind) {
    case 'enum':
    case 'enum_any': {
      const known = new Set<string>(fdef.enum.values);
      const list = splitList(raw).filter((v) => known.has(v));
      return list.length ? list : undefined;
    }
    case 'ref':
    case 'refs':
    case 'import': {
      const ids = splitList(raw).map(Number).filter((n) => Number.isInteger(n) && n > 0);
      return ids.length ? ids : undefined;
    }
    case 'int': {
      const ints = splitList(raw).filter((v) => /^-?\d{1,9}$/.test(v)).map(Number).filter((n) => n >= fdef.min && n <= fdef.max);
      return ints.length ? ints : undefined;
    }
    case 'shares': {
      if (fdef.of === 'date') {
        const dates = splitList(raw).filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v));
        return dates.length ? dates : undefined;
      }
      const ints = splitList(raw).filter((v) => /^-?\d{1,9}$/.test(v)).map(Number)
        .filter((n) => n >= (fdef.min ?? -2147483648) && n <= (fdef.max ?? 2147483647));
      return ints.length ? ints : undefined;
    }
    case 'values': {
      const list = splitList(raw).filter((v) => fdef.pattern.test(v));
      return list.length ? list.slice(0, 500) : undefined;
    }
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'text':
      return raw.trim() ? raw.trim().slice(0, 200) : undefined;
    case 'bbox': {
      const n = raw.split(',').map(Number);
      return n.length === 4 && n.every(Number.isFinite) ? raw : undefined;
    }
    case 'radius':
      return parseCoordinatesString(raw) ? raw : undefined;
    case 'period': {
      // `lower,upper`, either end empty, both real calendar dates.
      const m = /^(\d{4}-\d{2}-\d{2})?,(\d{4}-\d{2}-\d{2})?$/.exec(raw);
      return m && (m[1] || m[2]) && PeriodSchema.safeParse(raw).success ? raw : undefined;
    }
    case 'moment':
      // A date (YYYY-MM-DD) or an ISO date-time, calendar-checked.
      return DateOrDateTimeSchema.safeParse(raw).success ? raw : undefined;
  }
}

/** The ordering from the hash when the registry allows it, else the default. */
export function readOrdering(def: ResourceDef, opts: HashOptions): string {
  const o = opts.ordering ?? '';
  const name = o.startsWith('-') ? o.slice(1) : o;
  return def.ordering.includes(name) ? o : def.defaultOrdering;
}

export function readPage(opts: HashOptions): number {
  return intOption(opts.page, 1);
}

export function readPageSize(opts: HashOptions): number {
  return Math.min(intOption(opts.page_size, DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
}

/** Filters only, typed, for a JSON body (POST search / xlsx). */
export function filterBody(def: ResourceDef, opts: HashOptions): Record<string, FilterValue | number> {
  const body: Record<string, FilterValue | number> = {};
  for (const [name, fdef] of Object.entries(def.filters)) {
    const v = readFilter(fdef, name, opts);
    if (v === undefined) continue;
    body[name] = v;
    if (fdef.kind === 'radius') {
      const r = Number(opts.radius);
      if (Number.isFinite(r) && r > 0) body.radius = r;
    }
  }
  return body;
}

/** Query parameters of the GET list: page, page_size, ordering and the filters. */
export function listParams(def: ResourceDef, opts: HashOptions): Record<string, string> {
  const params: Record<string, string> = {
    page: String(readPage(opts)),
    page_size: String(readPageSize(opts)),
    ordering: readOrdering(def, opts),
  };
  for (const [name, v] of Object.entries(filterBody(def, opts))) {
    params[name] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return params;
}

/** «Адрес (местоположение), идентификатор…»: what a text filter searches, from its fields' labels. */
export function searchPlaceholder(def: ResourceDef, fields: readonly string[]): string {
  const labels = fields.map((k) => def.fields[k]?.label).filter((l): l is string => Boolean(l));
  if (labels.length === 0) return 'Поиск…';
  return `${labels.map((l, i) => (i === 0 ? l : l.charAt(0).toLowerCase() + l.slice(1))).join(', ')}…`;
}

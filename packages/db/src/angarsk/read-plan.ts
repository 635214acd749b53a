/**
 * Reads the Angarsk route plan (`angarsk_route_plan_example2.cp1251.csv`, described in
 * shared/data/SOURCES.md §3): Windows-1251, `;`-separated, one header row, one row per visit
 * of a site by a truck. Columns used: Lat, Lon (WGS-84 degrees), Descr (garage), Столбец2
 * (plate), Столбец4 (address), Sub (days of the month, "1;8;15"). Столбец3 (undocumented) and
 * Num (always 0) are ignored.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';

/** One visit of the plan, as read from the file (text trimmed, nothing else changed). */
export interface PlanRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  lat: number;
  lng: number;
  garage: string;
  plate: string;
  address: string;
  /** Days of the month, 1–31, as listed. */
  days: number[];
}

const REQUIRED = ['Lat', 'Lon', 'Descr', 'Столбец2', 'Столбец4', 'Sub'] as const;

/**
 * Decodes and parses the file. Throws with the line number when a required column is missing,
 * a coordinate is not a number inside WGS-84 bounds, a garage, plate or address is blank, or
 * a day is not an integer 1–31.
 */
export async function readPlanRows(filePath: string): Promise<PlanRow[]> {
  const text = iconv.decode(await readFile(filePath), 'win1251');
  const records = parse(text, { delimiter: ';', columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  const header = Object.keys(records[0] ?? {});
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (records.length === 0 || missing.length > 0) {
    throw new Error(`${filePath}: нет данных или нет столбцов ${missing.join(', ')} (ожидались ${REQUIRED.join(', ')})`);
  }
  return records.map((r, i) => toRow(r, i + 2));
}

function toRow(r: Record<string, string>, line: number): PlanRow {
  const fail = (what: string): never => { throw new Error(`строка ${line}: ${what}`); };
  const lat = Number(r.Lat);
  const lng = Number(r.Lon);
  if (!r.Lat || !Number.isFinite(lat) || Math.abs(lat) > 90) fail(`неверная широта «${r.Lat}»`);
  if (!r.Lon || !Number.isFinite(lng) || Math.abs(lng) > 180) fail(`неверная долгота «${r.Lon}»`);
  const garage = r.Descr ?? '';
  const plate = r['Столбец2'] ?? '';
  const address = r['Столбец4'] ?? '';
  if (!garage || !plate || !address) fail('пустой гараж, номер машины или адрес');
  const days = parsePlanDays(r.Sub ?? '') ?? fail(`неверные числа месяца «${r.Sub}»`);
  return { line, lat, lng, garage, plate, address, days };
}

/**
 * The served days of a visit, as the Sub column lists them («1;8;15», blanks allowed): the
 * integers 1–31 in the order given; [] for an empty cell; null when any part is not such a day.
 * Shared with the system import's ANGARSK_PLAN template.
 */
export function parsePlanDays(text: string): number[] | null {
  const days = text.split(';').map((d) => d.trim()).filter(Boolean).map(Number);
  return days.some((d) => !Number.isInteger(d) || d < 1 || d > 31) ? null : days;
}

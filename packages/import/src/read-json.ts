/**
 * JSON import files (issue 9 §1): an array of objects (each object a row, its keys the columns,
 * in the order first seen), or a GeoJSON FeatureCollection (RFC 7946): a Point feature's
 * coordinates [lng, lat] become the columns «Широта» and «Долгота», its properties the other
 * columns; a feature without a Point leaves them empty (the row is imported without coordinates).
 * Nested values are written as JSON text, null as an empty cell. Row «lines» count from 2 (the
 * first object is line 2, as if the keys were a header line), so the errors file reads like a CSV's.
 * Errors: ImportInputError (IMPORT_MSG.notJson) for anything else.
 */
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';
import type { Table } from './table';
import { tableFromRecords } from './table';

export const GEOJSON_LAT = 'Широта';
export const GEOJSON_LNG = 'Долгота';

/** True when `text` (trimmed of a BOM and blanks) starts like JSON: `[` or `{`. */
export function looksLikeJson(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\ufeff/, '').trimStart();
  return text.startsWith('[') || text.startsWith('{');
}

/** A JSON value as a cell: text as is, numbers and booleans as written, null empty, the rest as JSON text. */
export function cellOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export type JsonObject = Record<string, unknown>;
/** True for a JSON object (not an array, not null). */
export const isJsonObject = (v: unknown): v is JsonObject => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const isObj = isJsonObject;

/** One GeoJSON feature as a flat row: a Point's [lng, lat] → Широта/Долгота, then its properties. */
export function featureRow(f: unknown): JsonObject {
  const props = isObj(f) && isObj(f.properties) ? f.properties : {};
  const g = isObj(f) ? f.geometry : null;
  const point = isObj(g) && g.type === 'Point' && Array.isArray(g.coordinates) && g.coordinates.length >= 2 ? (g.coordinates as unknown[]) : null;
  return { [GEOJSON_LAT]: point ? point[1] : null, [GEOJSON_LNG]: point ? point[0] : null, ...props };
}

/** Objects of a GeoJSON FeatureCollection as flat rows (point → Широта/Долгота). */
function featureRows(fc: JsonObject): JsonObject[] {
  const features = fc.features;
  if (!Array.isArray(features)) throw new ImportInputError(IMPORT_MSG.notJson, 'file');
  return features.map(featureRow);
}

/**
 * Parses JSON text into a table whole; throws ImportInputError when it is not one of the two
 * shapes. The reference for the streamed json-source.ts (a run and the upload use that one).
 */
export function parseJsonTable(text: string): Table {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    throw new ImportInputError(IMPORT_MSG.notJson, 'file');
  }
  let objects: JsonObject[];
  if (Array.isArray(data) && data.every(isObj)) objects = data;
  else if (isObj(data) && data.type === 'FeatureCollection') objects = featureRows(data);
  else throw new ImportInputError(IMPORT_MSG.notJson, 'file');
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const o of objects) {
    for (const k of Object.keys(o)) {
      if (seen.has(k)) continue;
      seen.add(k);
      keys.push(k);
    }
  }
  if (keys.length === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
  return tableFromRecords([{ line: 1, cells: keys }, ...objects.map((o, i) => ({ line: i + 2, cells: keys.map((k) => cellOf(o[k])) }))]);
}

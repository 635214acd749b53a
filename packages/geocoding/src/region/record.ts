/**
 * What BASEMAP_DIR keeps besides the base map (docs/REGION.md «Loading from the screen»):
 * - `uploads/<name>`: an extract uploaded from the screen, until its load job ends (then deleted);
 * - `region.json`: the record of the last load from the screen (file name, end time, counts),
 *   written by the worker at the end of a load, read by the API's region status;
 * - `region-job.json`: the id and file name of the last load job started from the screen.
 * Reading a missing or unreadable file gives null (nothing recorded), never an error.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const REGION_UPLOADS_DIR = 'uploads';
const RECORD_FILE = 'region.json';
const JOB_FILE = 'region-job.json';

/** The record of a finished load (as the contract's RegionLoadRecordSchema). */
export interface RegionRecord {
  file_name: string;
  /** ISO timestamp. */
  loaded_at: string;
  addresses: number;
  streets: number;
  places: number;
  road_edges: number;
  /** Administrative boundaries stored / cut open (absent in records written before they were loaded). */
  boundaries?: number;
  boundaries_open?: number;
  basemap: boolean;
  city: string | null;
  seconds: number;
}

/** The last load job started from the screen. */
export interface RegionJobRef {
  id: string;
  file_name: string;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Written whole or not at all (a temporary file renamed over the old one). */
function writeJson(dir: string, name: string, value: unknown): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${name}.tmp`);
  writeFileSync(tmp, JSON.stringify(value, null, 2));
  renameSync(tmp, join(dir, name));
}

export const readRegionRecord = (dir: string): RegionRecord | null => readJson<RegionRecord>(join(dir, RECORD_FILE));
export const writeRegionRecord = (dir: string, r: RegionRecord): void => writeJson(dir, RECORD_FILE, r);
export const readRegionJob = (dir: string): RegionJobRef | null => readJson<RegionJobRef>(join(dir, JOB_FILE));
export const writeRegionJob = (dir: string, j: RegionJobRef): void => writeJson(dir, JOB_FILE, j);
/** The folder of uploads inside BASEMAP_DIR (made when missing). */
export function regionUploadsDir(dir: string): string {
  const d = join(dir, REGION_UPLOADS_DIR);
  mkdirSync(d, { recursive: true });
  return d;
}

/**
 * The real distribution the synthetic sites are drawn from: the container sites that the
 * project's own Angarsk import (`importAngarsk`) wrote into the benchmark database, each
 * reduced to its offset from the Angarsk centroid, its address without the city, its
 * days of the month and its "address needs checking" flag.
 */
import type { Pool } from 'pg';
import { ANGARSK_SOURCE } from '@tko/db';

export interface SampleSite {
  id: number;
  /** Degrees from the centroid of all imported sites. */
  dLat: number;
  dLng: number;
  /** The address after the city ('47 квл, 60 (ул. Набережная, 41)'), or all of it when it has no city. */
  tail: string;
  /** periodicity_on_monthdays as a Postgres array literal, e.g. '{4,11,18,25}'. */
  monthdays: string;
  needsChecking: boolean;
}

export interface AngarskSample {
  centroid: { lat: number; lng: number };
  sites: SampleSite[];
}

const CITY_PREFIX = /^\s*(г\.?\s*)?Ангарск(\s+г\.?)?\s*,?\s*/u;

/** Strips a leading 'Ангарск', 'г. Ангарск', 'г.Ангарск', 'Ангарск г.' and the comma after it. */
export function addressTail(location: string): string {
  return location.replace(CITY_PREFIX, '') || location;
}

/** Reads the imported Angarsk sites (ordered by id, so the sample is stable). */
export async function readAngarskSample(pool: Pool): Promise<AngarskSample> {
  const { rows } = await pool.query<{ id: number; lat: number; lng: number; location: string; monthdays: string; needs: boolean }>(
    `SELECT id, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, location,
            periodicity_on_monthdays::text AS monthdays, location_needs_checking AS needs
       FROM waste_area WHERE kind = 'CONTAINER' AND data_import_source = $1 ORDER BY id`,
    [ANGARSK_SOURCE],
  );
  if (!rows.length) throw new Error('the Angarsk import wrote no sites');
  const lat = rows.reduce((s, r) => s + r.lat, 0) / rows.length;
  const lng = rows.reduce((s, r) => s + r.lng, 0) / rows.length;
  return {
    centroid: { lat, lng },
    sites: rows.map((r) => ({ id: r.id, dLat: r.lat - lat, dLng: r.lng - lng, tail: addressTail(r.location), monthdays: r.monthdays, needsChecking: r.needs })),
  };
}

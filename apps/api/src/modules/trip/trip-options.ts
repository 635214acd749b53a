/**
 * Reads the OSRM trip call (coordinates "lng,lat;lng,lat;…" and the options roundtrip, source,
 * destination, geometries, overview) into @tko/db OsrmTripOptions; a bad value is a TripError with
 * OSRM's code: InvalidQuery for the coordinates, InvalidOptions for an option (OSRM v5 docs,
 * "Requests" and "Trip service"). Defaults are OSRM's: roundtrip=true, source=any,
 * destination=any, geometries=polyline, overview=simplified.
 */
import { TripError } from '@tko/db';
import type { LngLat, OsrmTripOptions } from '@tko/db';

const NUMBER = /^-?\d{1,3}(\.\d{1,15})?$/;

/** `lng,lat;lng,lat;…` (an optional `.json` suffix as OSRM allows) → points; InvalidQuery otherwise. */
export function parseCoordinates(text: string): LngLat[] {
  const body = text.replace(/\.json$/, '');
  const points = body.split(';').map((pair) => {
    const parts = pair.split(',');
    if (parts.length !== 2 || !NUMBER.test(parts[0]!.trim()) || !NUMBER.test(parts[1]!.trim())) {
      throw new TripError('InvalidQuery', 'Query string malformed: ожидались координаты «долгота,широта;долгота,широта;…».');
    }
    const lng = Number(parts[0]);
    const lat = Number(parts[1]);
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90) {
      throw new TripError('InvalidQuery', 'Query string malformed: долгота от −180 до 180, широта от −90 до 90.');
    }
    return [lng, lat] as LngLat;
  });
  if (points.length < 2) throw new TripError('InvalidQuery', 'Query string malformed: нужны хотя бы две точки.');
  return points;
}

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new TripError('InvalidOptions', `Неверное значение ${name}: «${value}»; допустимо ${allowed.join(', ')}.`);
}

/** The options of the query; steps and annotations are accepted and not produced (steps: []). */
export function parseTripOptions(q: Record<string, string | undefined>, maxSnapMeters: number): OsrmTripOptions {
  return {
    roundtrip: choice('roundtrip', q.roundtrip, ['true', 'false'] as const, 'true') === 'true',
    source: choice('source', q.source, ['any', 'first'] as const, 'any'),
    destination: choice('destination', q.destination, ['any', 'last'] as const, 'any'),
    geometries: choice('geometries', q.geometries, ['polyline', 'polyline6', 'geojson'] as const, 'polyline'),
    overview: choice('overview', q.overview, ['simplified', 'full', 'false'] as const, 'simplified'),
    maxSnapMeters,
  };
}

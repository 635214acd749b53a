/**
 * Geographic points on the wire: `{lat, lng}` in WGS-84 degrees (EPSG:4326), rounded to
 * 6 decimals (spec 01 §5, §9). Input may also be one `'lat, lng'` string (spec 01 §5): it is
 * split on the comma into exactly two numbers.
 */
import { z } from 'zod';
import { MSG } from './messages';

/** Rounds a coordinate to 6 decimals (about 0.1 m), as the specification requires. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export const PointSchema = z.object({
  lat: z.number().min(-90, MSG.latitude).max(90, MSG.latitude),
  lng: z.number().min(-180, MSG.longitude).max(180, MSG.longitude),
});
/** A point in EPSG:4326 degrees. */
export type Point = z.infer<typeof PointSchema>;

/**
 * Parses `'lat, lng'` (spec 01 §5). Returns null when the text is not exactly two numbers
 * separated by a comma; decimal points only (a decimal comma would be ambiguous).
 */
export function parseCoordinatesString(text: string): Point | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => p.trim());
  if (!a || !b || !/^[-+]?\d+(\.\d+)?$/.test(a) || !/^[-+]?\d+(\.\d+)?$/.test(b)) return null;
  const lat = Number(a);
  const lng = Number(b);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat: round6(lat), lng: round6(lng) };
}

/**
 * Why `'lat, lng'` text is not a point, in Russian: the latitude or the longitude out of range
 * (`91, 200` → «Широта должна быть числом от -90 до 90.»), else the expected shape.
 */
export function coordinatesProblem(text: string): string {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 2 && parts.every((p) => /^[-+]?\d+(\.\d+)?$/.test(p))) {
    if (Math.abs(Number(parts[0])) > 90) return MSG.latitude;
    if (Math.abs(Number(parts[1])) > 180) return MSG.longitude;
  }
  return MSG.coordinates;
}

/** Formats a point as the `'lat, lng'` text the interface shows, 6 decimals. */
export function formatCoordinates(p: Point | null | undefined): string {
  return p ? `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}` : '';
}

/** Accepts `{lat, lng}` or `'lat, lng'`; yields a rounded {@link Point}. */
export const PointInputSchema = z
  .union([
    PointSchema,
    z.string().transform((s, ctx) => {
      const p = parseCoordinatesString(s);
      if (!p) {
        ctx.addIssue({ code: 'custom', message: coordinatesProblem(s) });
        return z.NEVER;
      }
      return p;
    }),
  ], { error: (iss) => (iss.input === undefined ? MSG.required : iss.input === null ? MSG.notNull : typeof iss.input === 'string' ? coordinatesProblem(iss.input) : MSG.coordinates) })
  .transform((p) => ({ lat: round6(p.lat), lng: round6(p.lng) }));

/** `minLng,minLat,maxLng,maxLat` in degrees. */
export const BBoxSchema = z.string().transform((s, ctx) => {
  const n = s.split(',').map((x) => Number(x.trim()));
  const [minLng, minLat, maxLng, maxLat] = n;
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x)) || minLng! > maxLng! || minLat! > maxLat!) {
    ctx.addIssue({ code: 'custom', message: 'Укажите область как «долгота_мин,широта_мин,долгота_макс,широта_макс».' });
    return z.NEVER;
  }
  return { minLng: minLng!, minLat: minLat!, maxLng: maxLng!, maxLat: maxLat! };
});
export type BBox = { minLng: number; minLat: number; maxLng: number; maxLat: number };

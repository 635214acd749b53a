/**
 * Geocoding of an import's records without coordinates (issue 9 §1, §2): after a run commits,
 * the worker places every record the file created without a point — the template's address field
 * given to the configured geocoder (@tko/geocoding createGeocoder: GEOCODER=osm|dadata|nominatim).
 * A found point is written through the WritePipeline (history, live announcement) with the
 * template's check flag («Координаты требуют проверки») left set unless the quality is `house`;
 * the quality goes to import_record.geocode_quality. Rows the geocoder cannot place stay flagged.
 * Progress: import_file.geocode_done / geocode_total, written at most once a second; a geocoder
 * error on one address leaves that record flagged and goes on. Blocks of 50 records per
 * transaction, so a long run keeps what it placed.
 */
import type { Point } from '@tko/contract';
import type { WritePipeline, Writer } from '@tko/db';
import { storedResource } from '@tko/db';
import type { Pool } from 'pg';
import type { ImportTemplate } from './templates/types';

/** The geocoder the job calls (structurally @tko/geocoding's Geocoder). */
export interface ImportGeocoder {
  geocode(address: string, opts?: { city?: string; signal?: AbortSignal }): Promise<{ lat: number; lng: number; quality: 'house' | 'street' | 'settlement' } | null>;
}

const BLOCK = 50;
const PROGRESS_EVERY_MS = 1000;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface GeocodeOutcome {
  total: number;
  placed: number;
  approximate: number;
}

/** Places the records file `fileId` created without a point; returns the counts. */
export async function geocodeImport(
  deps: { pool: Pool; pipeline: WritePipeline; geocoder: ImportGeocoder; writer: Writer },
  template: ImportTemplate,
  fileId: number,
): Promise<GeocodeOutcome> {
  const { pool } = deps;
  if (!template.pointField || !template.addressField) return { total: 0, placed: 0, approximate: 0 };
  const def = storedResource(template.def);
  const point = def.fields[template.pointField]!.column!;
  const address = def.fields[template.addressField]!.column!;
  const { rows } = await pool.query<{ record_id: number; address: string | null }>(
    `SELECT r.record_id, t.${q(address)} AS address
       FROM import_record r JOIN ${q(def.table)} t ON t.id = r.record_id
      WHERE r.import_file_id = $1 AND r.registry = $2 AND r.action = 'create' AND t.${q(point)} IS NULL
      ORDER BY r.line`,
    [fileId, template.def.name],
  );
  const setState = (sql: string, params: unknown[]) => pool.query(`UPDATE import_file SET ${sql} WHERE id = $1`, [fileId, ...params]);
  await setState(`geocode_status = 'RUNNING', geocode_total = $2, geocode_done = 0, geocode_placed = 0`, [rows.length]);
  let placed = 0;
  let approximate = 0;
  let done = 0;
  let reportedAt = Date.now();
  try {
    for (let i = 0; i < rows.length; i += BLOCK) {
      const found: { id: number; p: Point; quality: 'house' | 'street' | 'settlement' }[] = [];
      for (const r of rows.slice(i, i + BLOCK)) {
        done++;
        if (!r.address?.trim()) continue;
        const hit = await deps.geocoder.geocode(r.address).catch(() => null);
        if (hit) found.push({ id: r.record_id, p: { lat: Number(hit.lat.toFixed(6)), lng: Number(hit.lng.toFixed(6)) }, quality: hit.quality });
      }
      if (found.length) {
        const unit = await deps.pipeline.begin();
        try {
          for (const f of found) {
            const values = { [template.pointField]: f.p, ...(template.pointCheckField ? { [template.pointCheckField]: f.quality !== 'house' } : {}) };
            await unit.update(template.def, f.id, values, deps.writer);
            if (f.quality === 'house') placed++;
            else approximate++;
          }
          await unit.db.query(
            `UPDATE import_record r SET geocode_quality = x.quality FROM unnest($2::int[], $3::text[]) AS x(id, quality)
              WHERE r.import_file_id = $1 AND r.record_id = x.id AND r.action = 'create'`,
            [fileId, found.map((f) => f.id), found.map((f) => f.quality)],
          );
          await unit.commit();
        } finally {
          await unit.rollback().catch(() => undefined);
        }
      }
      if (Date.now() - reportedAt >= PROGRESS_EVERY_MS || i + BLOCK >= rows.length) {
        reportedAt = Date.now();
        await setState('geocode_done = $2, geocode_placed = $3', [done, placed]);
      }
    }
    await setState(`geocode_status = 'DONE', geocode_done = $2, geocode_placed = $3`, [done, placed]);
  } catch (e) {
    await setState(`geocode_status = 'FAILED', geocode_done = $2, geocode_placed = $3`, [done, placed]).catch(() => undefined);
    throw e;
  }
  return { total: rows.length, placed, approximate };
}

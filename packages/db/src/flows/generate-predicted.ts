/**
 * Recounts the predicted flows of some years (POST /api/flows/predicted/generate/, run by the
 * worker's flows job): reads the present flows, the waste sources with their normative
 * accumulation and where the flow scheme sends each (SQL below), plans each year
 * (plan-predicted.ts, the rule and its sources) and writes the result through the write pipeline in
 * one unit: the earlier generated flows of those years are deleted, the new ones created (history
 * and live announcements as for any write); predicted flows entered by hand stay.
 *
 * Errors: whatever the database raises (the unit rolls back, nothing is announced).
 */
import type { Pool } from 'pg';
import { predictedFlowResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import type { WritePipeline, Writer } from '../registry/write-pipeline';
import { planYear, TKO_FKKO } from './plan-predicted';
import type { PresentFlowIn, SourceIn } from './plan-predicted';

export interface GenerateOptions {
  years: number[];
  baseYear: number;
  /** Radius of a flow's area around its start point, metres. */
  areaRadiusM: number;
  writer: Writer;
  /** Called with 0–100 as the work goes on. */
  progress?: (percent: number) => Promise<void> | void;
}

export interface GenerateResult {
  years: { year: number; flows: number; from_sources: number; total_volume: string; unassigned: number }[];
}

/** Present flows with their wastes (points as lat/lng). */
async function readPresentFlows(pool: Pool): Promise<PresentFlowIn[]> {
  const { rows } = await pool.query<{
    id: number; start_location: string; slat: number; slng: number; end_location: string; elat: number; elng: number;
    wmf_id: number | null; predict_coeff: string; wastes: { fkko: string | null; fkko_value: string | null; volume: string }[];
  }>(`SELECT f.id, f.start_location, ST_Y(f.start_coordinates) AS slat, ST_X(f.start_coordinates) AS slng,
             f.end_location, ST_Y(f.end_coordinates) AS elat, ST_X(f.end_coordinates) AS elng, f.wmf_id, f.predict_coeff::text,
             coalesce((SELECT json_agg(json_build_object('fkko', w.fkko, 'fkko_value', w.fkko_value, 'volume', w.volume::text) ORDER BY w.id)
                         FROM present_flow_waste w WHERE w.flow_id = f.id), '[]'::json) AS wastes
        FROM present_flow f ORDER BY f.id`);
  return rows.map((r) => ({
    id: r.id, start_location: r.start_location, start: { lat: r.slat, lng: r.slng }, end_location: r.end_location, end: { lat: r.elat, lng: r.elng },
    wmf_id: r.wmf_id, predict_coeff: Number(r.predict_coeff), wastes: r.wastes,
  }));
}

/**
 * Sources with a positive normative kg a year and a point: the present flow whose start is nearest
 * within the radius (the scheme's area), else the nearest current facility accepting ТКО.
 */
async function readSources(pool: Pool, radiusM: number): Promise<SourceIn[]> {
  const { rows } = await pool.query<{
    id: number; location: string; lat: number; lng: number; kg: string; flow_id: number | null;
    fac_id: number | null; fac_location: string | null; fac_lat: number | null; fac_lng: number | null;
  }>(`SELECT s.id, s.location, ST_Y(s.coordinates) AS lat, ST_X(s.coordinates) AS lng,
             (s.normative_value * u.kg_per_unit_year)::text AS kg, area.id AS flow_id,
             fac.id AS fac_id, fac.location AS fac_location, ST_Y(fac.coordinates) AS fac_lat, ST_X(fac.coordinates) AS fac_lng
        FROM waste_source s
        JOIN normative_unit u ON u.id = s.normative_unit_id
        LEFT JOIN LATERAL (
          SELECT f.id FROM present_flow f
           WHERE ST_DWithin(f.start_coordinates::geography, s.coordinates::geography, $1)
           ORDER BY f.start_coordinates::geography <-> s.coordinates::geography, f.id LIMIT 1) area ON true
        LEFT JOIN LATERAL (
          SELECT m.id, m.location, m.coordinates FROM waste_management_facility m
           WHERE area.id IS NULL AND m.stage = 'CURRENT' AND m.status <> 'INACTIVE' AND m.coordinates IS NOT NULL
             AND EXISTS (SELECT 1 FROM waste_management_facility_fkko j JOIN fkko k ON k.id = j.fkko_id
                          WHERE j.facility_id = m.id AND k.code = ANY (fkko_ancestor_codes($2) || $2::text))
           ORDER BY m.coordinates::geography <-> s.coordinates::geography, m.id LIMIT 1) fac ON true
       WHERE s.coordinates IS NOT NULL AND s.normative_value > 0 AND u.kg_per_unit_year > 0
       ORDER BY s.id`, [radiusM, TKO_FKKO]);
  return rows.map((r) => ({
    id: r.id, location: r.location, point: { lat: r.lat, lng: r.lng }, normative_year_kg: Number(r.kg), flow_id: r.flow_id,
    facility: r.fac_id === null ? null : { id: r.fac_id, location: r.fac_location!, point: { lat: r.fac_lat!, lng: r.fac_lng! } },
  }));
}

/** Recounts the predicted flows of `opts.years`; returns what was written per year. */
export async function generatePredictedFlows(pool: Pool, pipeline: WritePipeline, opts: GenerateOptions): Promise<GenerateResult> {
  const def = predictedFlowResource as unknown as ResourceDef;
  const years = [...new Set(opts.years)].sort((a, b) => a - b);
  await opts.progress?.(5);
  const flows = await readPresentFlows(pool);
  const sources = await readSources(pool, opts.areaRadiusM);
  await opts.progress?.(30);
  const result: GenerateResult = { years: [] };
  await pipeline.run(async (unit) => {
    const old = await unit.db.query<{ id: number }>(`SELECT id FROM predicted_flow WHERE generated AND year = ANY ($1::int[]) ORDER BY id`, [years]);
    for (const r of old.rows) await unit.delete(def, r.id, opts.writer);
    for (const [i, year] of years.entries()) {
      const plan = planYear(year, opts.baseYear, flows, sources);
      let total = 0;
      for (const p of plan.flows) {
        const values = pipeline.parseCreate(def, {
          year, start_location: p.start_location, start_coordinates: p.start_coordinates, end_location: p.end_location,
          end_coordinates: p.end_coordinates, wmf: p.wmf, wastes: p.wastes,
        });
        const row = await unit.create(def, values, opts.writer);
        await unit.db.query(`UPDATE predicted_flow SET generated = true WHERE id = $1`, [row.id]);
        total += p.wastes.reduce((a, w) => a + Number(w.volume), 0);
      }
      result.years.push({
        year, flows: plan.flows.length, from_sources: plan.flows.filter((p) => 'source' in p.from).length,
        total_volume: total.toFixed(3), unassigned: plan.unassigned,
      });
      await opts.progress?.(30 + Math.round((65 * (i + 1)) / years.length));
    }
  });
  await opts.progress?.(100);
  return result;
}

/**
 * Loads Rosstat's ОКТМО file into `administrative_unit` (docs/DATA.md "ОКТМО"), in one
 * transaction. Idempotent: units are upserted on their code; a second run creates nothing and
 * changes nothing. A run refreshes only what the classifier says (name, area, centre,
 * effective date); what staff keep on a unit (head, phone, email, population, regional
 * operator) is never touched. Headings are skipped and malformed rows rejected, both reported.
 */
import type { Pool } from 'pg';
import { IMPORT_SOURCE } from '@tko/contract';
import { withTransaction } from '../registry/repository';
import { planOktmo } from './classify';
import type { OktmoRejected } from './classify';
import { readOktmo } from './read';
import { matchAdminBoundaries } from './boundaries';
import type { OktmoRow } from './read';

/** data_import_source of the loaded units. */
export const OKTMO_SOURCE = IMPORT_SOURCE.oktmo;
/** The file of shared/data loaded by default (regions 01 and 03). */
export const OKTMO_FILE = 'oktmo_01_altai_krai_03_krasnodar_krai.csv';

export interface RegionCounts {
  /** Section 1 units (municipal formations) and section 2 units (localities). */
  formations: number;
  localities: number;
}

export interface OktmoImportCounts {
  /** Lines of the file. */
  rows: number;
  units: { total: number; created: number; updated: number; unchanged: number };
  /** Grouping rows of the classifier, not loaded. */
  headings: number;
  /** Malformed rows, not loaded, with the reason. */
  rejected: OktmoRejected[];
  /** Units by region code (first two digits). */
  byRegion: Record<string, RegionCounts>;
}

const BATCH = 1000;

/** Reads `filePath` and loads it through `pool`; see the module doc. */
export async function importOktmo(pool: Pool, filePath: string): Promise<OktmoImportCounts> {
  return importOktmoRows(pool, await readOktmo(filePath));
}

/** Loads parsed rows (read.ts) through `pool`, in one transaction; see the module doc. */
export async function importOktmoRows(pool: Pool, rows: OktmoRow[]): Promise<OktmoImportCounts> {
  const plan = planOktmo(rows);
  const byRegion: Record<string, RegionCounts> = {};
  for (const u of plan.units) {
    const c = (byRegion[u.code.slice(0, 2)] ??= { formations: 0, localities: 0 });
    if (u.code.length === 8) c.formations++;
    else c.localities++;
  }
  const units = { total: plan.units.length, created: 0, updated: 0, unchanged: 0 };
  await withTransaction(pool, async (db) => {
    for (let i = 0; i < plan.units.length; i += BATCH) {
      const batch = plan.units.slice(i, i + BATCH);
      const { rows: out } = await db.query<{ created: boolean }>(
        `INSERT INTO administrative_unit (code, name, area, centre, effective_date, data_import_source)
         SELECT u.code, u.name, u.area, u.centre, u.effective_date, $6
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[]) AS u(code, name, area, centre, effective_date)
         ON CONFLICT (code) DO UPDATE SET
           name = EXCLUDED.name, area = EXCLUDED.area, centre = EXCLUDED.centre,
           effective_date = EXCLUDED.effective_date, data_import_source = EXCLUDED.data_import_source, updated_at = now()
         WHERE (administrative_unit.name, administrative_unit.area, administrative_unit.centre,
                administrative_unit.effective_date, administrative_unit.data_import_source)
               IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.area, EXCLUDED.centre, EXCLUDED.effective_date, EXCLUDED.data_import_source)
         RETURNING (xmax = 0) AS created`,
        [batch.map((u) => u.code), batch.map((u) => u.name), batch.map((u) => u.area), batch.map((u) => u.centre), batch.map((u) => u.effectiveDate), OKTMO_SOURCE],
      );
      const created = out.filter((r) => r.created).length;
      units.created += created;
      units.updated += out.length - created;
    }
  });
  units.unchanged = units.total - units.created - units.updated;
  // The loaded OSM boundaries are matched to the new units (sites placed by coordinates).
  await matchAdminBoundaries(pool);
  return { rows: rows.length, units, headings: plan.headings.length, rejected: plan.rejected, byRegion };
}

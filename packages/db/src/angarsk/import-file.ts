/**
 * The command's import of the Angarsk route plan file (`pnpm --filter @tko/db import-angarsk`,
 * docs/DATA.md): read and group the file, then ONE unit of the domain's write pipeline — writePlan
 * on its connection, the rows it created or changed taken into the unit with their history
 * (adopt-plan.ts, written by «Система»), COMMIT, the registry topics announced. The same write and
 * history as the system import's ANGARSK_PLAN template.
 */
import type { Pool } from 'pg';
import { createDomain } from '../domain/create-domain';
import type { Domain } from '../domain/create-domain';
import { systemWriter } from '../domain/writer';
import { adoptPlan, readPlanBefore } from './adopt-plan';
import { groupPlan } from './group-plan';
import type { AngarskImportCounts } from './import';
import { writePlan } from './import';
import { readPlanRows } from './read-plan';

/**
 * Reads `filePath` and imports it through `domain`'s pipeline (default: a domain on `pool`, not
 * announcing). Throws (and writes nothing) when the file is malformed (see readPlanRows) or a
 * statement fails.
 */
export async function importAngarsk(pool: Pool, filePath: string, domain: Domain = createDomain({ pool })): Promise<AngarskImportCounts> {
  const plan = groupPlan(await readPlanRows(filePath));
  return domain.pipeline.run(async (unit) => {
    const before = await readPlanBefore(domain.pipeline, unit, plan);
    const { counts, records } = await writePlan(unit.db, plan);
    await adoptPlan(unit, records, before, counts.region, systemWriter());
    return counts;
  });
}

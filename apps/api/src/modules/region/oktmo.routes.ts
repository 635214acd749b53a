/**
 * ОКТМО from the screen (contract routes/region-oktmo.ts; docs/DATA.md «ОКТМО»): GET
 * /api/region/oktmo/ — the loaded units by region — and POST /api/region/oktmo/upload/ — the
 * multipart `file` (at most OKTMO_MAX_BYTES) read into memory and loaded inside the request by
 * @tko/db loadOktmoUpload (one transaction; the region of the system settings picks the file's
 * section). Administrators only (`system-settings:change`, 403 otherwise). Errors: 400 {file} for
 * no file, a file above the limit or a file that is not ОКТМО (nothing written). Multipart parsing
 * is registered in this scope with its own size limit.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { OKTMO_MAX_BYTES, OKTMO_MSG, oktmoStatusRoute, oktmoUploadRoute } from '@tko/contract';
import { FieldValidationError, loadOktmoUpload, oktmoLoadedByRegion, OktmoFileError, systemSettingsRegion } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';

export interface OktmoDeps {
  pool: Pool;
  guards: AuthGuards;
}

export async function registerOktmoRoutes(app: FastifyInstance, deps: OktmoDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: OKTMO_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 1000 } });

    registerRoute(scope, oktmoStatusRoute, async () => {
      return { regions: await oktmoLoadedByRegion(deps.pool), settings_region: await systemSettingsRegion(deps.pool), max_bytes: OKTMO_MAX_BYTES };
    }, deps);

    registerRoute(scope, oktmoUploadRoute, async ({ request }) => {
      if (!request.isMultipart()) throw FieldValidationError.of('file', OKTMO_MSG.noFile);
      const part = await request.file();
      if (!part) throw FieldValidationError.of('file', OKTMO_MSG.noFile);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw FieldValidationError.of('file', OKTMO_MSG.tooLarge(OKTMO_MAX_BYTES));
        throw e;
      }
      if (part.file.truncated) throw FieldValidationError.of('file', OKTMO_MSG.tooLarge(OKTMO_MAX_BYTES));
      const started = performance.now();
      try {
        const r = await loadOktmoUpload(deps.pool, bytes);
        return {
          file_name: part.filename || '',
          rows: r.rows,
          file_regions: r.fileRegions,
          loaded_regions: r.loadedRegions,
          choice: r.choice,
          units: r.units,
          by_region: Object.entries(r.byRegion).sort(([a], [b]) => a.localeCompare(b)).map(([region, c]) => ({ region, ...c })),
          headings: r.headings,
          rejected: r.rejected,
          seconds: Math.round((performance.now() - started) / 10) / 100,
        };
      } catch (e) {
        if (e instanceof OktmoFileError) throw FieldValidationError.of('file', e.message);
        throw e;
      }
    }, deps);
  });
}

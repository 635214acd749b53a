/**
 * Processor of the `xlsx-export` job (@tko/contract jobs/): streams the registry rows that
 * match the filters into EXPORT_DIR, reporting progress 0–100 after each batch.
 * The workbook is written to `<jobId>.xlsx.part` and renamed at the end, so a worker killed
 * mid-job leaves no half file under the final name; the retry (BullMQ attempts + backoff)
 * starts the file again from scratch: no duplicated output.
 * Throws on an unknown registry (the job fails, not retried usefully).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Job } from 'bullmq';
import type { ListQuery, XlsxExportJob } from '@tko/contract';
import { resourceByName, XlsxExportJobSchema } from '@tko/contract';
import { RegistryRepository } from '@tko/db';
import { exportFileName, writeXlsx } from '@tko/xlsx';
import type { Pool } from 'pg';

export interface ExportResult {
  file: string;
  download_name: string;
  rows: number;
}

export function xlsxExportProcessor(pool: Pool, exportDir: string) {
  return async (job: Job<XlsxExportJob>): Promise<ExportResult> => {
    const data = XlsxExportJobSchema.parse(job.data);
    const def = resourceByName(data.resource);
    if (!def) throw new Error(`unknown registry: ${data.resource}`);
    const repo = new RegistryRepository(pool, def);
    const query = data.filters as ListQuery;
    const total = Math.max(await repo.count(query), 1);
    await mkdir(exportDir, { recursive: true });
    const file = `${job.id}.xlsx`;
    const part = path.join(exportDir, `${file}.part`);
    const out = createWriteStream(part);
    try {
      const rows = await writeXlsx(def, repo.stream(query), out, {
        onProgress: (n) => job.updateProgress(Math.min(99, Math.floor((n / total) * 100))),
      });
      await finished(out);
      await rename(part, path.join(exportDir, file));
      await job.updateProgress(100);
      return { file, download_name: exportFileName(def), rows };
    } catch (e) {
      out.destroy();
      await rm(part, { force: true });
      throw e;
    }
  };
}

/**
 * The predicted-flow recount as a BullMQ job (issue 11 §1): queue QUEUE_FLOWS, job
 * FLOWS_GENERATE_JOB, payload FlowsGenerateJobSchema (years, base_year, area_radius_m, user_id),
 * produced by POST /api/flows/predicted/generate/. The processor runs @tko/db
 * generatePredictedFlows through a write pipeline (history, /topic/registry.flows-predicted) and
 * reports its progress live on /topic/jobs.{id} (progress.ts); the job's result is
 * FlowsGenerateResult. One job at a time (two recounts of one year must not interleave).
 */
import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { FlowsGenerateJobSchema, QUEUE_FLOWS } from '@tko/contract';
import type { FlowsGenerateResult } from '@tko/contract';
import { generatePredictedFlows, WritePipeline } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import { progressReporter, publishJobProgress } from './progress';

/** The job's processor: validates the payload, recounts, returns what was written per year. */
export function flowsGenerateProcessor(pool: Pool, publisher: RealtimePublisher) {
  const pipeline = new WritePipeline(pool, { publisher });
  return async (job: Job): Promise<FlowsGenerateResult> => {
    const data = FlowsGenerateJobSchema.parse(job.data);
    const report = progressReporter(job, publisher, data.user_id);
    const userName = (await pool.query<{ name: string }>(
      `SELECT coalesce(nullif(trim(concat_ws(' ', last_name, first_name)), ''), email) AS name FROM app_user WHERE id = $1`, [data.user_id],
    )).rows[0]?.name ?? 'Система';
    const result = await generatePredictedFlows(pool, pipeline, {
      years: data.years, baseYear: data.base_year, areaRadiusM: data.area_radius_m,
      writer: { userId: data.user_id, userName, scope: null }, progress: report,
    });
    await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'completed', progress: 100 });
    return { years: result.years.map(({ year, flows, from_sources, total_volume }) => ({ year, flows, from_sources, total_volume })) };
  };
}

/** Starts the consumer of QUEUE_FLOWS (concurrency 1). */
export function startFlowsWorker(pool: Pool, connection: Redis, publisher: RealtimePublisher, opts: { prefix?: string; workerOptions?: Record<string, unknown> } = {}): Worker {
  const worker = new Worker(QUEUE_FLOWS, flowsGenerateProcessor(pool, publisher), { ...opts.workerOptions, connection, prefix: opts.prefix, concurrency: 1 });
  worker.on('error', (e) => console.error(`flows: ${e.message}`));
  worker.on('failed', (job, e) => {
    console.error(`flows: recount ${job?.id} failed: ${e.message}`);
    const owner = (job?.data as { user_id?: number } | undefined)?.user_id;
    if (job?.id && typeof owner === 'number') void publishJobProgress(publisher, owner, { id: job.id, state: 'failed', progress: 0, error: 'Пересчёт прогнозных потоков не удался.' });
  });
  return worker;
}

/**
 * The predicted-flow recount as a BullMQ job (issue 11 §1): queue QUEUE_FLOWS, job
 * FLOWS_GENERATE_JOB, payload FlowsGenerateJobSchema (years, base_year, area_radius_m, user_id),
 * produced by POST /api/flows/predicted/generate/. The processor runs @tko/db
 * generatePredictedFlows through the domain's write pipeline (history, /topic/registry.flows-predicted),
 * as the user who asked (domain writerFor), and
 * reports its progress live on /topic/jobs.{id} (progress.ts); the job's result is
 * FlowsGenerateResult. One job at a time (two recounts of one year must not interleave: the
 * registration loop runs each queue with concurrency 1).
 */
import type { Job } from 'bullmq';
import { FlowsGenerateJobSchema } from '@tko/contract';
import type { FlowsGenerateResult } from '@tko/contract';
import { generatePredictedFlows, loadWriterUser, systemWriter, writerFor } from '@tko/db';
import type { Domain } from '@tko/db';
import { jobPublisher, progressReporter, publishJobProgress } from './progress';

/** The job's processor: validates the payload, recounts, returns what was written per year. */
export function flowsGenerateProcessor(domain: Domain) {
  const { pool, pipeline } = domain;
  const publisher = jobPublisher(domain);
  return async (job: Job): Promise<FlowsGenerateResult> => {
    const data = FlowsGenerateJobSchema.parse(job.data);
    const report = progressReporter(job, publisher, data.user_id);
    const user = await loadWriterUser(pool, data.user_id);
    const result = await generatePredictedFlows(pool, pipeline, {
      years: data.years, baseYear: data.base_year, areaRadiusM: data.area_radius_m,
      writer: user ? writerFor(user) : systemWriter(), progress: report,
    });
    await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'completed', progress: 100 });
    return { years: result.years.map(({ year, flows, from_sources, total_volume }) => ({ year, flows, from_sources, total_volume })) };
  };
}

/** The `failed` listener of the recount: tells the owner on /topic/jobs.{id} (the reason stays in the job). */
export function flowsFailureHandler(domain: Domain) {
  const publisher = jobPublisher(domain);
  return async (job: Job | undefined): Promise<void> => {
    const owner = (job?.data as { user_id?: number } | undefined)?.user_id;
    if (job?.id && typeof owner === 'number') await publishJobProgress(publisher, owner, { id: job.id, state: 'failed', progress: 0, error: 'Пересчёт прогнозных потоков не удался.' });
  };
}

/**
 * Job progress pushed live (issue 3 §3): each change of a job's state or whole percent is
 * stored on the BullMQ job (GET /api/jobs/{id}/ reads it) and published as a JobProgress body
 * on `DESTINATIONS.job(id)` through @tko/realtime (Redis REALTIME_CHANNEL → every API
 * instance → the STOMP subscribers of that topic). The envelope carries the owner's user_id,
 * so only the job's owner receives it.
 */
import type { Job } from 'bullmq';
import type { JobProgress } from '@tko/contract';
import { DESTINATIONS } from '@tko/contract';
import type { Domain } from '@tko/db';
import { nullPublisher } from '@tko/realtime';
import type { RealtimePublisher } from '@tko/realtime';

/** The domain's publisher as the jobs' live-message publisher (none: the messages are dropped). */
export const jobPublisher = (domain: Domain): RealtimePublisher => (domain.publisher as RealtimePublisher | null) ?? nullPublisher;

/** Publishes one JobProgress of job `jobId` owned by `userId`. Never throws (publisher contract). */
export function publishJobProgress(publisher: RealtimePublisher, userId: number, body: JobProgress): Promise<void> {
  return publisher.publish({ destination: DESTINATIONS.job(body.id), user_id: userId, body });
}

/**
 * A reporter for a running job: `report(percent)` (0–100, floored) updates the job and
 * publishes `active` when the whole percent changed since the last call.
 */
export function progressReporter(job: Job, publisher: RealtimePublisher, userId: number) {
  let last = -1;
  return async (percent: number): Promise<void> => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (p === last) return;
    last = p;
    await job.updateProgress(p);
    await publishJobProgress(publisher, userId, { id: job.id!, state: 'active', progress: p });
  };
}

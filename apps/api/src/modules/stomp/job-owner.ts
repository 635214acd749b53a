/**
 * Who owns a background job: `job.data.user_id` of the BullMQ job with that id, looked up in
 * every queue of `Queues` (exports, flows, planning; queues added there later are searched too).
 * Used to let only the owner subscribe to `/topic/jobs.{id}`.
 */
import { Job, Queue } from 'bullmq';
import type { Queues } from '../jobs/queue';

export type JobOwnerLookup = (jobId: string) => Promise<
  /** The user ids owning a job with this id (one per queue holding it); empty = none. */
  number[] | 'unavailable'
>;

export function jobOwnerLookup(queues: Queues | null): JobOwnerLookup {
  return async (jobId) => {
    if (!queues?.ready()) return 'unavailable';
    const all = Object.values(queues).filter((q): q is Queue => q instanceof Queue);
    try {
      const jobs = await Promise.all(all.map((q) => Job.fromId(q, jobId)));
      return jobs.flatMap((j) => {
        const owner = (j?.data as { user_id?: unknown } | undefined)?.user_id;
        return typeof owner === 'number' ? [owner] : [];
      });
    } catch {
      return 'unavailable';
    }
  };
}

/** Several lookups as one (queues kept outside `Queues`, e.g. imports): owners from all of them; unavailable only when none answered an owner and one was unavailable. */
export function combineJobOwners(lookups: JobOwnerLookup[]): JobOwnerLookup {
  return async (jobId) => {
    const answers = await Promise.all(lookups.map((l) => l(jobId)));
    const owners = answers.flatMap((a) => (a === 'unavailable' ? [] : a));
    return owners.length === 0 && answers.includes('unavailable') ? 'unavailable' : owners;
  };
}

/**
 * What the registration loop checks before a handler sees a job (issue 21 §1): the job's name is a
 * kind of its queue, its data carries the kind's payload version (`job_version`, stamped by the
 * job client) and matches the kind's zod schema. A job that fails a check fails for good
 * (UnrecoverableError: no retry, its reason kept on the job and shown by GET /api/jobs/{id}/),
 * never runs on data its handler would misread, and is never dropped silently.
 */
import { UnrecoverableError } from 'bullmq';
import type { JobSpec } from '@tko/contract';
import { JOB_VERSION_KEY } from '@tko/contract';

/** Throws UnrecoverableError when `name` is not a kind of queue `queue` (the table has no handler for it). */
export function unknownJob(queue: string, name: string): never {
  throw new UnrecoverableError(`Задание «${name}» не описано для очереди «${queue}»; не выполнено / unknown job «${name}» on queue «${queue}»`);
}

/**
 * Checks the version and payload of a job of kind `spec`; throws UnrecoverableError with a
 * Russian and English reason otherwise.
 */
export function checkJobData(spec: JobSpec, data: unknown): void {
  const version = data && typeof data === 'object' ? (data as Record<string, unknown>)[JOB_VERSION_KEY] : undefined;
  if (version !== spec.version) {
    const told = version === undefined ? 'без версии' : `версии ${JSON.stringify(version)}`;
    throw new UnrecoverableError(
      `Задание «${spec.name}» поставлено с данными ${told}, обработчик читает версию ${spec.version}; не выполнено — поставьте его заново / ` +
        `unsupported payload version ${JSON.stringify(version ?? null)} of job «${spec.name}» (expected ${spec.version})`,
    );
  }
  const parsed = spec.payload.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'payload'}: ${i.message}`).join('; ');
    throw new UnrecoverableError(`Задание «${spec.name}»: неверные данные (${issues}); не выполнено / invalid payload of job «${spec.name}»`);
  }
}

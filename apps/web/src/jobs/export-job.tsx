/**
 * An export run as a background job (issue 3 §3, §9): a toast with a progress bar fed by the
 * job's live topic (polling `status_url` as the fallback) that turns into 'Выгрузка готова' with
 * 'Скачать' (the file behind the API, fetched with the bearer token), or into the failure.
 * The notification that also ends the job adds no second toast (watched-jobs).
 */
import { jobStatusRoute } from '@tko/contract';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { downloadFile } from '../api/file-download';
import type { QueuedExport } from '../api/resource-client';
import { toast } from '../app/toasts';
import { live } from '../live/live';
import { watchJob, type JobView } from './job-watch';
import { watchedJobs } from './watched-jobs';

const STATE_TEXT: Partial<Record<JobView['state'], string>> = {
  waiting: 'В очереди…',
  delayed: 'Повторная попытка…',
  active: 'Формируется файл…',
};

/** `/api/jobs/{id}/file/` of a job's view (the status call and the live message both give it). */
const fileOf = (jobId: string, v: JobView) => v.fileUrl ?? `/api/jobs/${jobId}/file/`;

/** Shows the job's progress toast until the file is ready; returns stop (the toast closes). */
export function followExportJob(label: string, fallbackName: string, job: QueuedExport): () => void {
  const key = `job-${job.job_id}`;
  const title = `Выгрузка «${label}»`;
  watchedJobs.add(job.job_id);
  toast.progress(key, title, 0, STATE_TEXT.waiting);
  const stop = watchJob(job.job_id, {
    subscribe: (destination, onMessage, opts) => live.subscribe(destination, onMessage, opts),
    fetchStatus: () => callRoute(jobStatusRoute, { params: { id: job.job_id } }),
    timers: { setTimer: (cb, ms) => window.setTimeout(cb, ms), clearTimer: (h) => window.clearTimeout(h as number) },
  }, (v) => {
    if (v.state === 'completed') {
      const name = v.fileName ?? fallbackName;
      toast.download('Выгрузка готова', name, async () => {
        try {
          await downloadFile(fileOf(job.job_id, v), name);
        } catch (e) {
          toast.error('Не удалось скачать файл', errorMessage(e));
        }
      }, { key, description: `${label}: ${name}` });
    } else if (v.state === 'failed') {
      toast.error('Выгрузка не удалась', v.error ?? 'Повторите попытку.', { key });
    } else {
      toast.progress(key, title, v.progress, v.error ?? STATE_TEXT[v.state] ?? '');
    }
  });
  return () => {
    stop();
    toast.close(key);
  };
}

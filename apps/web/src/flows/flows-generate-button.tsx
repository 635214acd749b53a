/**
 * «Пересчитать» above the predicted-flows list (issue 11 §1): the years are chosen in a modal
 * (a range, first to last, at most 50 — FlowsGenerateBodySchema), POST /api/flows/predicted/generate/
 * queues the recount, and its progress is followed with the job helpers (watchJob: the job's live
 * topic, polling the status as the fallback) in a progress toast; when it completes the list is
 * reloaded. Shown to users with `flows-predicted:add` only. Field errors of the call (400) are shown
 * under the form.
 */
import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { flowsGenerateRoute, jobStatusRoute } from '@tko/contract';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { useCan } from '../app/permissions/use-permissions';
import { toast } from '../app/toasts';
import { watchJob } from '../jobs/job-watch';
import { watchedJobs } from '../jobs/watched-jobs';
import { live } from '../live/live';

const TITLE = 'Пересчёт прогнозных потоков';

/** The years first…last (inclusive); [] when the range is empty or longer than 50 years. */
export function yearRange(first: number | null, last: number | null): number[] {
  if (first === null || last === null || last < first || last - first >= 50) return [];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function FlowsGenerateButton() {
  const canAdd = useCan('flows-predicted:add');
  const qc = useQueryClient();
  const thisYear = new Date().getFullYear();
  const [open, setOpen] = useState(false);
  const [first, setFirst] = useState<number | null>(thisYear + 1);
  const [last, setLast] = useState<number | null>(thisYear + 5);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canAdd) return null;
  const years = yearRange(first, last);

  const follow = (jobId: string) => {
    const key = `flows-generate-${jobId}`;
    watchedJobs.add(jobId);
    toast.progress(key, TITLE, 0, 'В очереди…');
    watchJob(jobId, {
      subscribe: (destination, onMessage, opts) => live.subscribe(destination, onMessage, opts),
      fetchStatus: () => callRoute(jobStatusRoute, { params: { id: jobId } }),
      timers: { setTimer: (cb, ms) => window.setTimeout(cb, ms), clearTimer: (h) => window.clearTimeout(h as number) },
    }, (v) => {
      if (v.state === 'completed') {
        toast.success('Прогнозные потоки пересчитаны', `Годы: ${years[0]}–${years[years.length - 1]}.`, { key });
        void qc.invalidateQueries({ queryKey: queryKeys.resource('flows-predicted') });
      } else if (v.state === 'failed') {
        toast.error('Пересчёт не удался', v.error ?? 'Повторите попытку.', { key });
      } else {
        toast.progress(key, TITLE, v.progress, v.error ?? (v.state === 'active' ? 'Идёт расчёт…' : 'В очереди…'));
      }
    });
  };

  const submit = async () => {
    if (!years.length) {
      setError('Укажите годы: первый не позже последнего, не более 50 лет.');
      return;
    }
    setBusy(true);
    setError(null);
    const settle = watchedJobs.begin();
    try {
      const job = await callRoute(flowsGenerateRoute, { body: { years } });
      follow(job.job_id);
      setOpen(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      settle();
      setBusy(false);
    }
  };

  return (
    <>
      <Button data-testid="flows-generate" onClick={() => setOpen(true)} style={{ marginBottom: 12 }}>Пересчитать</Button>
      <Modal
        open={open}
        title={TITLE}
        okText="Пересчитать"
        cancelText="Отмена"
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>Прогнозные потоки выбранных лет будут рассчитаны заново из текущих потоков и нормативов накопления. Введённые вручную потоки сохранятся.</p>
        <Form layout="inline">
          <Form.Item label="С года">
            <InputNumber aria-label="С года" min={2000} max={9999} value={first} onChange={(v) => setFirst(v)} />
          </Form.Item>
          <Form.Item label="по год">
            <InputNumber aria-label="По год" min={2000} max={9999} value={last} onChange={(v) => setLast(v)} />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} />}
      </Modal>
    </>
  );
}

/**
 * Following one background job (issue 3 §3): its progress arrives live on the job's STOMP topic
 * (`DESTINATIONS.job(id)`, JobProgress bodies), and its status is also polled (`GET status_url`,
 * JobStatus) — at the start, when the subscription is confirmed (a job finished before it began
 * sends nothing more), and every `pollMs` — so a job is followed without a live connection too.
 * The view never goes backwards while a run is active; it ends (and everything stops) when the
 * job is completed or failed. Pure: the subscription, the status call and timers are injected.
 */
import { DESTINATIONS, JobProgressSchema, type JobStatus } from '@tko/contract';
import type { TrackerTimers } from '../live/request-tracker';

export type JobState = JobStatus['state'];

export interface JobView {
  state: JobState;
  /** 0–100. */
  progress: number;
  fileUrl: string | null;
  fileName: string | null;
  /** Russian, when the job failed or is retried. */
  error: string | null;
  /** Russian remarks of a job completed_with_warnings. */
  warnings?: string[];
}

export interface JobWatchDeps {
  subscribe(destination: string, onMessage: (body: unknown) => void, opts: { onError(message: string): void; onReady(): void }): () => void;
  /** The job's status; throws an error with `status` 404 when the job is gone. */
  fetchStatus(): Promise<JobStatus>;
  timers: TrackerTimers;
  /** Poll period, ms (default 3000). */
  pollMs?: number;
}

export const JOB_GONE = 'Фоновая задача не найдена: возможно, она завершилась давно.';

const TERMINAL: readonly JobState[] = ['completed', 'completed_with_warnings', 'failed'];
export const isTerminal = (s: JobState) => TERMINAL.includes(s);

/** Merges one report into the view (pure). */
export function nextJobView(prev: JobView, next: Partial<JobView> & { state: JobState }): JobView {
  if (isTerminal(prev.state)) return prev;
  const progress = next.progress ?? prev.progress;
  return {
    state: next.state,
    // A stale poll answer must not move an active bar back; a retry (waiting) may restart it.
    progress: next.state === 'active' && prev.state === 'active' ? Math.max(prev.progress, progress) : next.state === 'completed' || next.state === 'completed_with_warnings' ? 100 : progress,
    fileUrl: next.fileUrl ?? prev.fileUrl,
    fileName: next.fileName ?? prev.fileName,
    error: next.error !== undefined ? next.error : prev.error,
    ...(next.warnings ?? prev.warnings ? { warnings: next.warnings ?? prev.warnings } : {}),
  };
}

/** Starts following job `jobId`; `onUpdate` gets every change of the view. Returns stop. */
export function watchJob(jobId: string, deps: JobWatchDeps, onUpdate: (view: JobView) => void): () => void {
  let view: JobView = { state: 'waiting', progress: 0, fileUrl: null, fileName: null, error: null };
  let stopped = false;
  let timer: unknown = null;
  let unsubscribe: (() => void) | null = null;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (timer !== null) deps.timers.clearTimer(timer);
    timer = null;
    unsubscribe?.();
    unsubscribe = null;
  };
  const apply = (next: Partial<JobView> & { state: JobState }) => {
    if (stopped) return;
    const merged = nextJobView(view, next);
    const changed = JSON.stringify(merged) !== JSON.stringify(view);
    view = merged;
    if (isTerminal(view.state)) stop();
    if (changed) onUpdate(view);
  };
  const poll = async () => {
    if (stopped) return;
    try {
      const s = await deps.fetchStatus();
      apply({ state: s.state, progress: s.progress, fileUrl: s.file_url, fileName: s.file_name, error: s.error, ...(s.warnings ? { warnings: s.warnings } : {}) });
    } catch (e) {
      if ((e as { status?: number }).status === 404) apply({ state: 'failed', error: JOB_GONE });
      // Other failures (503 while Redis is away, no network): the next poll tries again.
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = deps.timers.setTimer(() => {
      timer = null;
      void poll().then(schedule);
    }, deps.pollMs ?? 3000);
  };

  unsubscribe = deps.subscribe(DESTINATIONS.job(jobId), (body) => {
    const p = JobProgressSchema.safeParse(body);
    if (p.success && p.data.id === jobId) {
      apply({ state: p.data.state, progress: p.data.progress, fileUrl: p.data.file_url ?? null, error: p.data.error ?? null, ...(p.data.warnings ? { warnings: p.data.warnings } : {}) });
    }
  }, {
    onError: () => undefined, // refused (e.g. already gone from the queue): polling carries on
    onReady: () => void poll(),
  });
  void poll().then(schedule);
  return stop;
}

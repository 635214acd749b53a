/**
 * Following a background job (jobs/job-watch.ts): live progress, polling as the fallback, the
 * catch-up poll once the subscription is confirmed, no going backwards, the end; and what toast
 * a live notification gets (notifications/notification-toast.ts).
 */
import { describe, expect, it } from 'vitest';
import { DESTINATIONS, type JobStatus, type Notification } from '@tko/contract';
import { JOB_GONE, nextJobView, watchJob, type JobView } from '../../src/jobs/job-watch';
import { watchedJobs } from '../../src/jobs/watched-jobs';
import { notificationJobId, planNotificationToast } from '../../src/notifications/notification-toast';

function timers() {
  const list: { cb: () => void; id: number }[] = [];
  let id = 0;
  return {
    timers: {
      setTimer: (cb: () => void) => {
        list.push({ cb, id: ++id });
        return id;
      },
      clearTimer: (h: unknown) => {
        const i = list.findIndex((t) => t.id === h);
        if (i >= 0) list.splice(i, 1);
      },
    },
    /** Fires every timer due now (each poll period). */
    tick() {
      for (const t of list.splice(0)) t.cb();
    },
    get count() {
      return list.length;
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function status(over: Partial<JobStatus>): JobStatus {
  return { id: 'j1', name: 'xlsx-export', state: 'waiting', progress: 0, file_url: null, file_name: null, error: null, ...over };
}

function harness(answers: (JobStatus | Error)[]) {
  const t = timers();
  let onMessage: (b: unknown) => void = () => undefined;
  let opts: { onError(m: string): void; onReady(): void } | null = null;
  let subscribedTo = '';
  let unsubscribed = false;
  let polls = 0;
  const views: JobView[] = [];
  const stop = watchJob('j1', {
    subscribe: (d, cb, o) => {
      subscribedTo = d;
      onMessage = cb;
      opts = o;
      return () => void (unsubscribed = true);
    },
    fetchStatus: async () => {
      const a = answers[Math.min(polls, answers.length - 1)]!;
      polls += 1;
      if (a instanceof Error) throw a;
      return a;
    },
    timers: t.timers,
  }, (v) => views.push(v));
  return {
    t,
    views,
    stop,
    live: (b: unknown) => onMessage(b),
    ready: () => opts!.onReady(),
    get polls() {
      return polls;
    },
    get subscribedTo() {
      return subscribedTo;
    },
    get unsubscribed() {
      return unsubscribed;
    },
  };
}

describe('watchJob', () => {
  it('follows the live topic, ignores other jobs and ends on completed with the file link', async () => {
    const h = harness([status({ state: 'waiting' })]);
    expect(h.subscribedTo).toBe(DESTINATIONS.job('j1'));
    await flush();
    h.live({ id: 'j1', state: 'active', progress: 40 });
    h.live({ id: 'other', state: 'active', progress: 90 });
    h.live({ id: 'j1', state: 'completed', progress: 100, file_url: '/api/jobs/j1/file/' });
    expect(h.views.map((v) => [v.state, v.progress])).toEqual([['active', 40], ['completed', 100]]);
    expect(h.views.at(-1)!.fileUrl).toBe('/api/jobs/j1/file/');
    expect(h.unsubscribed).toBe(true);
    expect(h.t.count).toBe(0);
  });

  it('polls when nothing arrives live, and once more when the subscription is confirmed', async () => {
    const h = harness([status({ state: 'waiting' }), status({ state: 'active', progress: 30 }), status({ state: 'completed', progress: 100, file_url: '/api/jobs/j1/file/', file_name: 'Площадки.xlsx' })]);
    await flush();
    expect(h.polls).toBe(1);
    h.ready(); // a job that finished before the SUBSCRIBE sends nothing more: ask now
    await flush();
    expect(h.polls).toBe(2);
    expect(h.views.at(-1)).toMatchObject({ state: 'active', progress: 30 });
    h.t.tick();
    await flush();
    expect(h.views.at(-1)).toMatchObject({ state: 'completed', fileName: 'Площадки.xlsx' });
    expect(h.t.count).toBe(0);
  });

  it('keeps polling through failures of the status call and fails when the job is gone', async () => {
    const gone = Object.assign(new Error('404'), { status: 404 });
    const h = harness([Object.assign(new Error('503'), { status: 503 }), gone]);
    await flush();
    expect(h.views).toEqual([]);
    h.t.tick();
    await flush();
    expect(h.views.at(-1)).toMatchObject({ state: 'failed', error: JOB_GONE });
  });

  it('stop() ends polling and the subscription', async () => {
    const h = harness([status({ state: 'active', progress: 5 })]);
    await flush();
    h.stop();
    expect(h.unsubscribed).toBe(true);
    expect(h.t.count).toBe(0);
    h.live({ id: 'j1', state: 'completed', progress: 100 });
    expect(h.views.every((v) => v.state !== 'completed')).toBe(true);
  });
});

describe('nextJobView', () => {
  const base: JobView = { state: 'active', progress: 60, fileUrl: null, fileName: null, error: null };
  it('never moves an active bar back, but a retry restarts it', () => {
    expect(nextJobView(base, { state: 'active', progress: 55 }).progress).toBe(60);
    expect(nextJobView(base, { state: 'waiting', progress: 0, error: 'повтор' })).toMatchObject({ state: 'waiting', progress: 0, error: 'повтор' });
  });
  it('is final once completed or failed', () => {
    const done = nextJobView(base, { state: 'completed', progress: 99 });
    expect(done.progress).toBe(100);
    expect(nextJobView(done, { state: 'active', progress: 10 })).toBe(done);
  });
});

describe('toast of a live notification', () => {
  const n = (over: Partial<Notification>): Notification => ({
    id: 1, createdAt: '2026-11-22T10:00:00Z', type: 'simple', body: 'Текст', readed: false, liveUntil: '2026-12-22T10:00:00Z',
    documentData: null, documentUrl: null, documentName: null, documentFileType: null, ...over,
  });
  it('offers Скачать for a file, an error toast for a failure, info otherwise', () => {
    expect(planNotificationToast(n({ type: 'download', documentUrl: '/api/jobs/x/file/' }), () => false)).toEqual({ kind: 'success', title: 'Файл готов', description: 'Текст', download: true });
    expect(planNotificationToast(n({ type: 'error' }), () => false)).toMatchObject({ kind: 'error', download: false });
    expect(planNotificationToast(n({}), () => false)).toMatchObject({ kind: 'info', title: 'Новое уведомление' });
  });
  it('adds no toast for a job this tab already shows', () => {
    const done = n({ type: 'download', documentUrl: '/api/jobs/j1/file/', documentData: { job_id: 'j1', rows: 3 } });
    expect(notificationJobId(done)).toBe('j1');
    expect(planNotificationToast(done, (id) => id === 'j1')).toBeNull();
    expect(planNotificationToast(done, () => false)).not.toBeNull();
  });
});

describe('watched jobs', () => {
  it('holds a job notification until the calls that may start jobs have answered', async () => {
    await watchedJobs.settled(); // nothing under way
    const end = watchedJobs.begin();
    let decided = false;
    const waiting = watchedJobs.settled().then(() => (decided = watchedJobs.has('late-job')));
    await flush();
    expect(decided).toBe(false);
    watchedJobs.add('late-job'); // the 202 answer named it …
    end(); // … then the call settled
    end(); // twice is harmless
    await waiting;
    expect(decided).toBe(true);
    watchedJobs.delete('late-job');
  });
});

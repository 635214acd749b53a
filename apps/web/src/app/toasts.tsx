/**
 * Toasts (spec 01 §4, §9): antd notifications at the bottom right, 20 000 ms by default with a
 * progress bar, paused while the pointer is over one, at most 8 on screen (antd's `maxCount`
 * counts every position, so also at most 8 per position), not stacked (all 8 visible), entering
 * and leaving in 400 ms ({@link TOAST_MOTION}, set as the Notification theme's motion duration in
 * `providers.tsx`). Download toasts offer a 'Скачать' link. Callable from anywhere once the
 * {@link ToastBridge} inside antd's `<App>` has registered the instance.
 */
import { App, Progress } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect, type ReactNode } from 'react';

/** Spec 01 §9. */
export const TOAST_TIMEOUT_MS = 20_000;
export const TOAST_MAX = 8;
export const TOAST_MOTION = '0.4s';

export const TOAST_CONFIG = {
  placement: 'bottomRight',
  duration: TOAST_TIMEOUT_MS / 1000, // antd counts seconds
  maxCount: TOAST_MAX,
  showProgress: true,
  pauseOnHover: true,
  stack: false,
} as const;

let instance: NotificationInstance | null = null;

/** Registers antd's context-aware notification instance (renders nothing). */
export function ToastBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    instance = notification;
    return () => {
      if (instance === notification) instance = null;
    };
  }, [notification]);
  return null;
}

/**
 * The 'Скачать' link of a download toast: a plain link to a file already in the browser (blob
 * URL), or an action that fetches it with the bearer token (files behind the API).
 */
export function DownloadLink({ target, filename }: { target: string | (() => void | Promise<void>); filename: string }) {
  if (typeof target === 'string') {
    return (
      <a href={target} download={filename}>
        Скачать
      </a>
    );
  }
  return (
    <a
      href="#"
      onClick={(e) => {
        e.preventDefault();
        void target();
      }}
    >
      Скачать
    </a>
  );
}

type Kind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** Replaces the toast shown under the same key (e.g. a job's progress, then its result). */
  key?: string;
  /** Seconds; false keeps it until closed. */
  duration?: number | false;
}

function show(kind: Kind, title: ReactNode, description: ReactNode, extra: { actions?: ReactNode } & ToastOptions = {}) {
  instance?.[kind]({
    title,
    description,
    ...(extra.actions ? { actions: extra.actions } : {}),
    ...(extra.key ? { key: extra.key } : {}),
    ...(extra.duration !== undefined ? { duration: extra.duration } : {}),
  });
}

export const toast = {
  success(title: string, description?: ReactNode, opts?: ToastOptions) {
    show('success', title, description, opts);
  },
  info(title: string, description?: ReactNode, opts?: ToastOptions) {
    show('info', title, description, opts);
  },
  warning(title: string, description?: ReactNode, opts?: ToastOptions) {
    show('warning', title, description, opts);
  },
  error(title: string, description?: ReactNode, opts?: ToastOptions) {
    show('error', title, description, opts);
  },
  /**
   * A file ready to save, with a 'Скачать' link: `target` is a URL the browser already holds
   * (blob) or a function downloading it through the API.
   */
  download(title: string, filename: string, target: string | (() => void | Promise<void>), opts?: ToastOptions & { description?: ReactNode }) {
    show('success', title, opts?.description ?? filename, { ...opts, actions: <DownloadLink target={target} filename={filename} /> });
  },
  /** A running task: a progress bar (0–100) that stays until replaced under the same key or closed. */
  progress(key: string, title: string, percent: number, description?: ReactNode) {
    show('info', title, (
      <>
        {description}
        <Progress percent={Math.round(percent)} size="small" status="active" aria-label={`${title}: ${Math.round(percent)} %`} />
      </>
    ), { key, duration: false });
  },
  close(key: string) {
    instance?.destroy(key);
  },
};

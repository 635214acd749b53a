/**
 * Toasts (spec 01 §4, §9): antd notifications at the bottom right, 20 s by default with a
 * progress bar, paused while hovered, at most 8 on screen. Callable from anywhere once the
 * {@link ToastBridge} inside antd's `<App>` has registered the instance.
 */
import { App } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

export const TOAST_CONFIG = {
  placement: 'bottomRight',
  duration: 20, // seconds: 20000 ms
  maxCount: 8,
  showProgress: true,
  pauseOnHover: true,
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

export const toast = {
  success(title: string, description?: string) {
    instance?.success({ title, description });
  },
  info(title: string, description?: string) {
    instance?.info({ title, description });
  },
  warning(title: string, description?: string) {
    instance?.warning({ title, description });
  },
  error(title: string, description?: string) {
    instance?.error({ title, description });
  },
  /** A finished download, with a 'Скачать' link to save the file again. */
  download(title: string, filename: string, url: string) {
    instance?.success({
      title,
      description: filename,
      actions: (
        <a href={url} download={filename}>
          Скачать
        </a>
      ),
    });
  },
};

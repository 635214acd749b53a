/**
 * Providers around the whole app: react-query, antd with the Russian locale, toasts (their
 * 400 ms motion, spec 01 §9) and modals (584 × 300, app/modals.tsx).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import type { ReactNode } from 'react';
import './dates';
import { queryClient } from './query-client';
import { MODAL_CONFIG } from './modals';
import { TOAST_CONFIG, TOAST_MOTION, ToastBridge } from './toasts';

const THEME = {
  token: { colorPrimary: '#2f6f4e', borderRadius: 6 },
  // Toasts enter and leave in 400 ms (antd's notifications animate with motionDurationMid).
  components: { Notification: { motionDurationMid: TOAST_MOTION } },
};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ruRU} theme={THEME} modal={MODAL_CONFIG}>
        <AntApp notification={TOAST_CONFIG}>
          <ToastBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

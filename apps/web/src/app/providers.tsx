/** Providers around the whole app: react-query, antd with the Russian locale, toasts. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import type { ReactNode } from 'react';
import './dates';
import { queryClient } from './query-client';
import { TOAST_CONFIG, ToastBridge } from './toasts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ruRU} theme={{ token: { colorPrimary: '#2f6f4e', borderRadius: 6 } }}>
        <AntApp notification={TOAST_CONFIG}>
          <ToastBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

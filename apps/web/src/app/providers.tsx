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

/**
 * Colours pass WCAG AA on white and on the selected menu item's tint (issue 15 §3): text ≥ 4.5:1 —
 * secondary and help texts #595959 (7:1), placeholders #6b6b6b (5.3:1), links and the selected item
 * #1d4f35 (≥ 8:1 on white, ≥ 7:1 on the tint), the danger colour #c41d1f (5.9:1) —, UI parts ≥ 3:1
 * (borders #8c8c8c, 3.4:1).
 */
const THEME = {
  token: {
    colorPrimary: '#2f6f4e',
    borderRadius: 6,
    colorLink: '#1d4f35',
    colorLinkHover: '#2f6f4e',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6b6b6b',
    colorError: '#c41d1f',
    colorBorder: '#8c8c8c',
  },
  // Toasts enter and leave in 400 ms (antd's notifications animate with motionDurationMid).
  components: {
    Notification: { motionDurationMid: TOAST_MOTION },
    Menu: { itemSelectedColor: '#1d4f35', itemSelectedBg: '#e3efe8', groupTitleColor: '#595959' },
  },
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

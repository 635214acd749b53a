/**
 * Modals of the app (spec 01 §9: default size 584 × 300). {@link MODAL_CONFIG} gives every antd
 * modal (dialogs and the confirm/info boxes of `App.useApp().modal`) a container at least 300 px
 * high with the buttons at the bottom; {@link AppModal} and {@link useAppModal} add the default
 * width 584 px (antd's own defaults are 520 and 416). Use these instead of antd's directly.
 */
import { App, Modal, type ModalFuncProps, type ModalProps } from 'antd';
import type { ConfigProviderProps } from 'antd';
import { useMemo } from 'react';

export const MODAL_SIZE = { width: 584, height: 300 } as const;

/** ConfigProvider `modal`: the minimum height, content stretched so the footer sits at the bottom. */
export const MODAL_CONFIG: ConfigProviderProps['modal'] = {
  styles: {
    container: { minHeight: MODAL_SIZE.height, display: 'flex', flexDirection: 'column' },
    body: { flex: 1 },
  },
};

/** antd's Modal, 584 px wide unless told otherwise. */
export function AppModal({ width = MODAL_SIZE.width, ...props }: ModalProps) {
  return <Modal width={width} {...props} />;
}

type Box = (props: ModalFuncProps) => ReturnType<ReturnType<typeof App.useApp>['modal']['confirm']>;

/** The confirm / info / warning / error boxes of the app's `<App>`, 584 px wide by default. */
export function useAppModal(): { confirm: Box; info: Box; warning: Box; error: Box } {
  const { modal } = App.useApp();
  return useMemo(() => {
    const sized = (open: Box): Box => (props) => open({ width: MODAL_SIZE.width, ...props });
    return { confirm: sized(modal.confirm), info: sized(modal.info), warning: sized(modal.warning), error: sized(modal.error) };
  }, [modal]);
}

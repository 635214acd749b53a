/**
 * Leaving a changed card asks first (issue 7 §8): a move to another page (Отмена, a menu item,
 * the back button — react-router's `useBlocker`) opens a Russian modal; closing or reloading the
 * tab gets the browser's own question (`beforeunload`). Changes of the query or hash alone (the
 * card's tab) are not a departure. `allow()` lets the next move through (after a save).
 */
import { Modal } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function useLeaveGuard(dirty: boolean) {
  const bypass = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (bypass.current) return;
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allow = useCallback(() => {
    bypass.current = true;
  }, []);

  const modal = (
    <Modal
      open={blocker.state === 'blocked'}
      title="Уйти без сохранения?"
      okText="Уйти без сохранения"
      okButtonProps={{ danger: true }}
      cancelText="Остаться"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      width={584}
      data-testid="leave-modal"
    >
      В карточке есть несохранённые изменения. Если уйти, они будут потеряны.
    </Modal>
  );
  return { modal, allow };
}

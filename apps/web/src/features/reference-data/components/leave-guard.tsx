import Modal from 'antd/es/modal';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { REFERENCE_DATA_NAMESPACE } from '../messages.ts';

/**
 * Asks before unsaved changes to a list are left behind: going to another page, and closing or
 * reloading the tab. `dirty` is read when a navigation starts (a save that navigates clears it first);
 * `active` re-renders the tab-closing guard.
 */
export function LeaveGuard({ dirty, active }: { dirty: RefObject<boolean>; active: boolean }) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      okText={t('leave.ok')}
      cancelText={t('leave.cancel')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('leave.description')}
    </Modal>
  );
}

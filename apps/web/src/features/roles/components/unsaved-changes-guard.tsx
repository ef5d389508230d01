import Modal from 'antd/es/modal';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before unsaved matrix changes are left behind: switching roles or going to another page
 * (both are navigations, the role being in the address), and closing or reloading the tab.
 * `dirty` is read when a navigation starts; `active` re-renders the tab-closing guard.
 */
export function UnsavedChangesGuard({ dirty, active }: { dirty: RefObject<boolean>; active: boolean }) {
  const { t } = useTranslation('roles');
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

import Modal from 'antd/es/modal';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Asks before unsaved changes are left behind: another page of the app, or closing or reloading the tab. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('formEditor');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

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

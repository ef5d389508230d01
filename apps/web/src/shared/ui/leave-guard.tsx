import Modal from 'antd/es/modal';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before unsaved changes are left behind: a navigation to another page (and, unless
 * `ignoreSearch`, to another query such as a different role), and closing or reloading the tab.
 * `dirty` may be a ref, read when a navigation starts (a save that navigates clears it first); then
 * `active` switches the tab-closing guard. The texts are the caller's namespace's leave.title,
 * leave.description, leave.ok and leave.cancel.
 */
export function LeaveGuard({
  namespace,
  dirty,
  active,
  ignoreSearch = false,
}: {
  namespace: string;
  dirty: RefObject<boolean> | boolean;
  active?: boolean;
  ignoreSearch?: boolean;
}) {
  const { t } = useTranslation(namespace);
  const isDirty = () => (typeof dirty === 'boolean' ? dirty : dirty.current);
  const guarding = active ?? (typeof dirty === 'boolean' ? dirty : false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (!ignoreSearch && currentLocation.search !== nextLocation.search)),
  );

  useEffect(() => {
    if (!guarding) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarding]);

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

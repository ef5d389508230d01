import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import type { ManagedUser } from '@formloop/contracts';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import type { UserAction } from '../api.ts';
import { ConfirmActionModal, EditUserModal, LicenceModal, type PendingAction } from './user-dialogs.tsx';

type MenuKey = 'edit' | 'licence' | UserAction;

/** What the signed-in administrator may do to `user`; the server checks the same rules. */
export function allowedActions(user: ManagedUser, me: { id: string | null; isSysAdmin: boolean }): MenuKey[] {
  // Only a system administrator acts on a system administrator.
  if (user.user_kind === 'SYSTEM_ADMINISTRATOR' && !me.isSysAdmin) return [];
  const self = user.id === me.id;
  const keys: MenuKey[] = ['edit'];
  // Changing your own licence or deactivating yourself would lock you out of this screen.
  if (!self) keys.push('licence', user.is_active ? 'deactivate' : 'activate');
  if (user.is_active) keys.push('resetPassword');
  if (user.two_factor_enabled) keys.push('resetTwoFactor');
  return keys;
}

/**
 * The per-user actions menu (edit, change licence, deactivate/activate, reset password, reset 2FA)
 * and the dialogs it opens. Render `dialogs` once; call `menu(user)` per row.
 */
export function useUserActions(): { menu: (user: ManagedUser) => ReactNode; dialogs: ReactNode } {
  const { t } = useTranslation('userManagement');
  const auth = useAuth();
  const me = { id: auth.user?.uid ?? null, isSysAdmin: Boolean(auth.config?.isSysAdmin) };
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [licensing, setLicensing] = useState<ManagedUser | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const select = (user: ManagedUser, key: MenuKey) => {
    if (key === 'edit') setEditing(user);
    else if (key === 'licence') setLicensing(user);
    else setPending({ user, action: key });
  };

  const menu = (user: ManagedUser) => {
    const keys = allowedActions(user, me);
    const items: MenuProps['items'] = keys.map((key) => ({
      key,
      label: t(`actions.${key}`),
      danger: key === 'deactivate' || key === 'resetTwoFactor',
    }));
    return (
      <Dropdown
        trigger={['click']}
        disabled={keys.length === 0}
        menu={{ items, onClick: ({ key }) => select(user, key as MenuKey) }}
      >
        <Button
          type="text"
          icon={<MoreOutlined />}
          aria-label={t('actions.menu', { name: user.username })}
          data-testid={`user-actions-${user.username}`}
        />
      </Dropdown>
    );
  };

  // Mounted only while open: a long table should not carry three hidden forms.
  const dialogs = (
    <>
      {editing ? <EditUserModal user={editing} onClose={() => setEditing(null)} /> : null}
      {licensing ? (
        <LicenceModal user={licensing} canGrantSysAdmin={me.isSysAdmin} onClose={() => setLicensing(null)} />
      ) : null}
      {pending ? <ConfirmActionModal pending={pending} onClose={() => setPending(null)} /> : null}
    </>
  );
  return { menu, dialogs };
}

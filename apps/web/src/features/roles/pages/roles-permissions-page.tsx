import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { RoleSummary } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCatalogue, useDeleteRole, useRoles } from '../api.ts';
import { RoleEditor } from '../components/role-editor.tsx';
import { RoleFormModal } from '../components/role-form-modal.tsx';
import { RoleList } from '../components/role-list.tsx';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { useRoleMessages } from '../messages.ts';

type Editing = { open: false } | { open: true; role: RoleSummary | undefined };

/**
 * /settings/roles-permissions: the roles on the left, the selected role's permission matrix on the
 * right. The selection lives in the address (?role=id), so a role can be linked to and the browser's
 * back button works; leaving unsaved changes, by either, asks first.
 */
export function RolesPermissionsPage() {
  const { t } = useTranslation(['roles', 'validation']);
  const { token } = theme.useToken();
  const toast = useToast();
  const { message, failure } = useRoleMessages();
  const roles = useRoles();
  const catalogue = useCatalogue();
  const remove = useDeleteRole();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>({ open: false });
  // A ref as well as state: the navigation guard reads it at the moment a navigation starts.
  const dirty = useRef(false);
  const [isDirty, setIsDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
    setIsDirty(value);
  }, []);

  const list = roles.data ?? [];
  const wanted = params.get('role');
  const selected = list.find((role) => role.id === wanted) ?? list[0] ?? null;

  const select = (role: RoleSummary) => {
    if (role.id !== selected?.id) setParams({ role: role.id });
  };
  const create = () => setEditing({ open: true, role: undefined });

  const onDelete = (role: RoleSummary) =>
    remove.mutate(role.id, {
      onSuccess: () => toast.success(message('roleDeleted')),
      onError: (error) => toast.error(failure(error, t('deleteFailed'))),
    });

  let content;
  if (roles.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (roles.isError) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void roles.refetch()} />
    );
  } else if (list.length === 0) {
    content = (
      <Empty description={t('empty')} data-testid="roles-empty">
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('add')}
        </Button>
      </Empty>
    );
  } else {
    let editor;
    if (catalogue.isPending) editor = <Skeleton active paragraph={{ rows: 8 }} />;
    else if (catalogue.isError) {
      editor = (
        <LoadFailedAlert
          title={t('catalogueLoadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void catalogue.refetch()}
        />
      );
    } else if (selected) {
      editor = (
        <RoleEditor
          key={selected.id}
          role={selected}
          catalogue={catalogue.data}
          onDirtyChange={onDirtyChange}
        />
      );
    }
    content = (
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: token.marginLG }}>
        <div
          style={{
            flex: '0 1 280px',
            minWidth: 220,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingSM,
          }}
        >
          <RoleList
            roles={list}
            selectedId={selected?.id ?? null}
            onSelect={select}
            onRename={(role) => setEditing({ open: true, role })}
            onDelete={onDelete}
          />
        </div>
        <div style={{ flex: '1 1 480px', minWidth: 0 }}>{editor}</div>
      </div>
    );
  }

  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: token.paddingLG }} data-testid="roles-page">
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        {list.length > 0 ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('add')}
          </Button>
        ) : null}
      </div>
      <p style={{ color: token.colorTextSecondary, marginBottom: token.marginLG }}>{t('intro')}</p>
      {content}
      <RoleFormModal
        open={editing.open}
        role={editing.open ? editing.role : undefined}
        onClose={() => setEditing({ open: false })}
        onSaved={(role) => {
          // A new role is opened at once; a renamed one stays where it is.
          if (editing.open && !editing.role) select(role);
        }}
      />
      <LeaveGuard namespace="roles" dirty={dirty} active={isDirty} />
    </div>
  );
}

export default RolesPermissionsPage;

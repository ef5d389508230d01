import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import type { RoleSummary } from '@formloop/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Popconfirm from 'antd/es/popconfirm';
import theme from 'antd/es/theme';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  roles: RoleSummary[];
  selectedId: string | null;
  onSelect: (role: RoleSummary) => void;
  onRename: (role: RoleSummary) => void;
  onDelete: (role: RoleSummary) => void;
}

/** The left pane: the roles by name, a search box that filters them here, and each role's actions. */
export function RoleList({ roles, selectedId, onSelect, onRename, onDelete }: Props) {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const wanted = search.trim().toLocaleLowerCase();
    if (!wanted) return roles;
    return roles.filter(
      (role) =>
        role.role_name.toLocaleLowerCase().includes(wanted) ||
        role.description.toLocaleLowerCase().includes(wanted),
    );
  }, [roles, search]);

  return (
    <nav aria-label={t('list.label')}>
      <Input
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        prefix={<SearchOutlined />}
        style={{ marginBottom: token.marginSM }}
      />
      {shown.length === 0 ? (
        <p style={{ color: token.colorTextSecondary }} data-testid="roles-no-match">
          {t('list.noMatch')}
        </p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((role) => {
            const selected = role.id === selectedId;
            return (
              <li
                key={role.id}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: token.marginXXS,
                  borderRadius: token.borderRadius,
                  background: selected ? token.controlItemBgActive : undefined,
                  marginBottom: token.marginXXS,
                }}
              >
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(role)}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    textAlign: 'start',
                    background: 'none',
                    border: 'none',
                    padding: `${token.paddingXS}px ${token.paddingSM}px`,
                    cursor: 'pointer',
                    color: selected ? token.colorPrimary : token.colorText,
                    font: 'inherit',
                  }}
                >
                  <span style={{ display: 'block', fontWeight: selected ? 600 : undefined }}>
                    {role.role_name}
                  </span>
                  <span
                    style={{ display: 'block', fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
                  >
                    {t('list.counts', { users: role.user_count, grants: role.grant_count })}
                  </span>
                </button>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('actions.rename', { name: role.role_name })}
                  onClick={() => onRename(role)}
                />
                <Popconfirm
                  title={t('confirmDelete.title', { name: role.role_name })}
                  description={
                    role.user_count === 0
                      ? t('confirmDelete.noUsers')
                      : t('confirmDelete.users', { count: role.user_count })
                  }
                  okText={t('confirmDelete.ok')}
                  cancelText={t('confirmDelete.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(role)}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.delete', { name: role.role_name })}
                  />
                </Popconfirm>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

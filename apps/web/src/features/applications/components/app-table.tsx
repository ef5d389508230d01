import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import type { AppSummary } from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@formloop/domain';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { editorPath } from '../paths.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { StatusTag } from './status-tag.tsx';

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** The form editor list (ListForms): every app with its group, status, version and last change. */
export function AppTable({
  apps,
  loading,
  onCopy,
  onDelete,
}: {
  apps: AppSummary[];
  loading: boolean;
  onCopy: (app: AppSummary) => void;
  onDelete: (app: AppSummary) => void;
}) {
  const { t } = useTranslation('applications');
  const { token } = theme.useToken();
  const { preference } = useOrganizationPreference();
  const navigate = useNavigate();

  const columns: ColumnsType<AppSummary> = [
    {
      key: 'name',
      title: t('columns.name'),
      sorter: (a, b) => byText(a.display_name, b.display_name),
      render: (_value, app) => (
        <Space size={token.marginXS}>
          <MenuIcon name={app.app_icon ?? app.category_icon} style={{ color: token.colorPrimary }} />
          <Link to={editorPath(app.id)} data-testid="app-name">
            {app.display_name}
          </Link>
        </Space>
      ),
    },
    {
      key: 'group',
      title: t('columns.group'),
      sorter: (a, b) => byText(a.category_name ?? '', b.category_name ?? ''),
      render: (_value, app) => app.category_name ?? t('otherGroup'),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_value, app) => <StatusTag status={app.status} />,
    },
    {
      key: 'version',
      title: t('columns.version'),
      dataIndex: 'module_version',
      align: 'right',
      width: 100,
    },
    {
      key: 'modified',
      title: t('columns.modified'),
      defaultSortOrder: 'descend',
      sorter: (a, b) => Date.parse(a.modified_on) - Date.parse(b.modified_on),
      render: (_value, app) => formatDate(app.modified_on, 'datetime', preference),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 200,
      render: (_value, app) => (
        <Space size={0}>
          <Tooltip title={t('actions.openShort')}>
            <Button
              type="text"
              aria-label={t('actions.open', { name: app.display_name })}
              icon={<EditOutlined aria-hidden />}
              onClick={() => void navigate(editorPath(app.id))}
            />
          </Tooltip>
          <Tooltip title={t('actions.copyShort')}>
            <Button
              type="text"
              aria-label={t('actions.copy', { name: app.display_name })}
              icon={<CopyOutlined aria-hidden />}
              onClick={() => onCopy(app)}
            />
          </Tooltip>
          <Popconfirm
            title={t('confirmDelete.title', { name: app.display_name })}
            description={t('confirmDelete.description')}
            okText={t('confirmDelete.ok')}
            cancelText={t('confirmDelete.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(app)}
          >
            <Button
              type="text"
              danger
              aria-label={t('actions.delete', { name: app.display_name })}
              icon={<DeleteOutlined aria-hidden />}
            />
          </Popconfirm>
          <FavouriteButton app={app} isFavourite={app.is_favourite} />
        </Space>
      ),
    },
  ];

  return (
    <Table<AppSummary>
      rowKey="id"
      columns={columns}
      dataSource={apps}
      loading={loading}
      locale={{ emptyText: t('noMatches') }}
      pagination={{
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        defaultPageSize: DEFAULT_PAGE_SIZE,
      }}
      scroll={{ x: 'max-content' }}
    />
  );
}

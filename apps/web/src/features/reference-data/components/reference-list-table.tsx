import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import type { ReferenceListSummary } from '@formloop/contracts';
import { PAGE_SIZES } from '@formloop/domain';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { REFERENCE_DATA_NAMESPACE } from '../messages.ts';
import { referenceDetailHref } from '../paths.ts';

interface Props {
  lists: ReferenceListSummary[];
  loading: boolean;
  onDelete: (list: ReferenceListSummary) => void;
}

const tagsOf = (categories: string) =>
  categories
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** The tenant's lists: key name, categories as tags, how many values, when last changed. */
export function ReferenceListTable({ lists, loading, onDelete }: Props) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { preference } = useOrganizationPreference();

  const columns: ColumnsType<ReferenceListSummary> = [
    {
      key: 'key_name',
      title: t('columns.keyName'),
      render: (_value, list) => <Link to={referenceDetailHref(list.id)}>{list.key_name}</Link>,
    },
    {
      key: 'categories',
      title: t('columns.categories'),
      render: (_value, list) => (
        <Space size={[0, 4]} wrap>
          {tagsOf(list.categories).map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'description', title: t('columns.description'), dataIndex: 'description', ellipsis: true },
    { key: 'value_count', title: t('columns.values'), dataIndex: 'value_count', align: 'right', width: 120 },
    {
      key: 'modified_at',
      title: t('columns.modifiedAt'),
      dataIndex: 'modified_at',
      width: 200,
      render: (value: string) => formatDate(value, 'datetime', preference),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 120,
      align: 'right',
      render: (_value, list) => (
        <Space size="small">
          <Link to={referenceDetailHref(list.id)} aria-label={t('actions.edit', { name: list.key_name })}>
            <EditOutlined aria-hidden />
          </Link>
          <Popconfirm
            title={t('confirmDelete.title', { name: list.key_name })}
            description={t('confirmDelete.description')}
            okText={t('confirmDelete.ok')}
            cancelText={t('confirmDelete.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(list)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.delete', { name: list.key_name })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<ReferenceListSummary>
      rowKey="id"
      columns={columns}
      dataSource={lists}
      loading={loading}
      pagination={{
        defaultPageSize: PAGE_SIZES[0],
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        hideOnSinglePage: true,
      }}
    />
  );
}

import { INSTANCE_STATUSES, type InstanceStatus, type ProcessDefinition } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../format.ts';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';
import { STATUS_COLORS } from './status-tag.tsx';

export interface DefinitionsTableProps {
  definitions: ProcessDefinition[] | undefined;
  loading: boolean;
  /** Opens the instances of an app (in one status). */
  onShowInstances: (moduleId: string, status?: InstanceStatus) => void;
}

/** Apps with a published workflow: version, activities, and their instances counted by status. */
export function DefinitionsTable(props: DefinitionsTableProps) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const columns: ColumnsType<ProcessDefinition> = [
    { key: 'app', title: t('definitions.columns.app'), dataIndex: 'display_name' },
    {
      key: 'version',
      title: t('definitions.columns.version'),
      render: (_: unknown, row) => (
        <span title={formatInstant(row.published_on)}>{row.published_version}</span>
      ),
    },
    { key: 'activities', title: t('definitions.columns.activities'), dataIndex: 'activity_count' },
    {
      key: 'instances',
      title: t('definitions.columns.instances'),
      render: (_: unknown, row) => {
        const present = INSTANCE_STATUSES.filter((status) => row.instances[status] > 0);
        if (present.length === 0) return <span>{t('definitions.noInstances')}</span>;
        return (
          <Space size={4} wrap>
            {present.map((status) => (
              // A count opens the instances tab on that app and status.
              <Tag
                key={status}
                color={STATUS_COLORS[status]}
                style={{ cursor: 'pointer' }}
                role="button"
                tabIndex={0}
                aria-label={t('definitions.showStatus', {
                  app: row.display_name,
                  status: t(`statuses.${status}`),
                  count: row.instances[status],
                })}
                onClick={() => props.onShowInstances(row.module_id, status)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') props.onShowInstances(row.module_id, status);
                }}
              >
                {`${t(`statuses.${status}`)}: ${row.instances[status]}`}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    {
      key: 'actions',
      title: '',
      align: 'end',
      render: (_: unknown, row) => (
        <Button type="link" onClick={() => props.onShowInstances(row.module_id)}>
          {t('definitions.viewInstances')}
        </Button>
      ),
    },
  ];

  return (
    <Table<ProcessDefinition>
      data-testid="definitions-table"
      rowKey="module_id"
      size="middle"
      columns={columns}
      dataSource={props.definitions ?? []}
      loading={props.loading}
      pagination={false}
      locale={{ emptyText: <Empty description={t('definitions.empty')} /> }}
    />
  );
}

import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import type { RecordDataTable, RecordRow } from '@formloop/contracts';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType } from 'antd/es/table';
import { useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useOrganizationPreference } from '../../../shared/organization/use-organization-preference.ts';
import { useUserNames } from '../api.ts';
import { cellText, type CellContext } from '../lib/format-value.ts';
import { userIdsOnPage, type ListColumn } from '../lib/list-columns.ts';
import { CountExactly, type CountExactlyProps } from './count-exactly.tsx';
import { RecordStatusTag } from './status-tag.tsx';

export interface RecordTableProps {
  columns: readonly ListColumn[];
  data: RecordDataTable | undefined;
  loading: boolean;
  table: ReturnType<typeof useServerTable>;
  canDelete: boolean;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  onDelete: (id: string) => void;
  onOpen: (row: RecordRow) => void;
  empty: ReactNode;
  /** When the counts are estimates: having them counted exactly (absent: no such offer). */
  countExactly?: Omit<CountExactlyProps, 'label'>;
}

const NO_ROWS: RecordRow[] = [];

/** Clicks on the row's own controls (checkbox, delete, its confirmation in a portal) do not open it. */
function isOwnControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return true;
  return target.closest('button, a, input, label, .ant-table-selection-column') !== null;
}

/** The server-side table of entries: one page of rows, sorted and paged by requests. */
export function RecordTable(props: RecordTableProps) {
  const { t, i18n } = useTranslation('records');
  const { preference } = useOrganizationPreference();
  const rows = props.data?.data ?? NO_ROWS;
  const userIds = useMemo(() => userIdsOnPage(rows, props.columns), [rows, props.columns]);
  const users = useUserNames(userIds);
  const context = useMemo<CellContext>(
    () => ({
      preference,
      userNames: users.data ?? new Map(),
      yes: t('yes'),
      no: t('no'),
      language: i18n.language,
    }),
    [preference, users.data, t, i18n.language],
  );
  const { sortOrderOf } = props.table;

  const columns = useMemo<ColumnsType<RecordRow>>(() => {
    const shown: ColumnsType<RecordRow> = props.columns.map((column) => ({
      key: column.key,
      title: column.system ? t(`columns.${column.key}`) : column.label,
      sorter: true,
      sortOrder: sortOrderOf(column.key),
      ellipsis: true,
      render: (_: unknown, row: RecordRow) => {
        if (column.kind === 'status') return <RecordStatusTag row={row} />;
        const text = cellText(column, row, context);
        return <span title={text}>{text}</span>;
      },
    }));
    if (!props.canDelete) return shown;
    return [
      ...shown,
      {
        key: '__actions',
        title: t('table.actions'),
        fixed: 'right',
        width: 120,
        render: (_: unknown, row: RecordRow) => (
          <Popconfirm
            title={t('table.deleteConfirm')}
            okText={t('table.delete')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => props.onDelete(row.id)}
          >
            <Button size="small" danger type="text" icon={<DeleteOutlined />}>
              {t('table.delete')}
            </Button>
          </Popconfirm>
        ),
      },
    ];
  }, [props, sortOrderOf, context, t]);

  const total = props.data?.recordsFiltered ?? 0;
  const estimate = props.data?.countIsEstimate === true;
  const number = new Intl.NumberFormat(i18n.language);
  // Past EXACT_COUNT_LIMIT entries the server answers the planner's estimate and says so: "about N",
  // and the exact figure on request. Paging goes by the estimate meanwhile.
  const showTotal = (count: number) => (
    <span data-testid="record-total">
      <span aria-live="polite">
        {t(estimate ? 'table.totalEstimated' : 'table.total', { value: number.format(count) })}
      </span>
      {estimate && props.countExactly ? (
        <CountExactly {...props.countExactly} label={t('count.exactlyEntries')} />
      ) : null}
    </span>
  );
  return (
    <Table<RecordRow>
      data-testid="record-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      onChange={props.table.onChange}
      locale={{ emptyText: props.empty }}
      rowSelection={
        props.canDelete
          ? {
              selectedRowKeys: props.selectedIds,
              onChange: (keys) => props.onSelect(keys.map(String)),
              preserveSelectedRowKeys: false,
            }
          : undefined
      }
      pagination={props.table.pagination(total, { showTotal })}
      onRow={(row) => ({
        tabIndex: 0,
        style: { cursor: 'pointer' },
        onClick: (event: MouseEvent<HTMLElement>) => {
          if (!isOwnControl(event)) props.onOpen(row);
        },
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) props.onOpen(row);
        },
      })}
    />
  );
}

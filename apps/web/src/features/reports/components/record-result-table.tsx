// A plain (ungrouped) report: the record list's page of rows, its columns in the report's order,
// paged by the server (spec §9 page sizes), cells as the record list writes them.
import type { RecordRow, ReportResult } from '@formloop/contracts';
import { PAGE_SIZES, type PageSize } from '@formloop/domain';
import Table, { type ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationPreference } from '../../../shared/organization/use-organization-preference.ts';
import { RecordStatusTag } from '../../records/components.ts';
import { cellText, useUserNames, userIdsOnPage, type ListColumn } from '../../records/index.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';

type TableResult = Extract<ReportResult, { kind: 'table' }>;

export function RecordResultTable({
  result,
  columns,
  labelOf,
  page,
  length,
  loading,
  onPage,
}: {
  result: TableResult;
  /** The columns shown, in order. */
  columns: readonly ListColumn[];
  labelOf: (key: string) => string;
  page: number;
  length: PageSize;
  loading?: boolean;
  onPage?: (page: number, length: PageSize) => void;
}) {
  const { t, i18n } = useTranslation([REPORTS_NAMESPACE, 'records']);
  const { preference } = useOrganizationPreference();
  const rows = result.rows as unknown as RecordRow[];
  const userIds = useMemo(() => userIdsOnPage(rows, columns), [rows, columns]);
  const users = useUserNames(userIds);
  const context = useMemo(
    () => ({
      preference,
      userNames: users.data ?? new Map<string, string>(),
      yes: t('records:yes'),
      no: t('records:no'),
      language: i18n.language,
    }),
    [preference, users.data, t, i18n.language],
  );
  const tableColumns: ColumnsType<RecordRow> = columns.map((column) => ({
    key: column.key,
    title: labelOf(column.key),
    align: column.kind === 'number' ? ('right' as const) : undefined,
    render: (_: unknown, row: RecordRow) =>
      column.kind === 'status' ? <RecordStatusTag row={row} /> : cellText(column, row, context),
  }));
  const total = result.recordsFiltered;
  return (
    <Table<RecordRow>
      data-testid="report-record-table"
      size="small"
      rowKey="id"
      columns={tableColumns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('viewer.noRows') }}
      pagination={
        onPage
          ? {
              current: page,
              pageSize: length,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (count) =>
                t(result.countIsEstimate ? 'viewer.totalAbout' : 'viewer.total', { count }),
              onChange: (next, size) => {
                const nextLength = (PAGE_SIZES as readonly number[]).includes(size)
                  ? (size as PageSize)
                  : length;
                onPage(nextLength === length ? next : 1, nextLength);
              },
            }
          : false
      }
    />
  );
}

// A grouped report as a table with subtotal rows and a totals row, and a pivot as a matrix with row
// and column totals. Both scroll inside their own box on a narrow screen, never the page.
import type { ReportGroupRow, ReportResult } from '@formloop/contracts';
import Table, { type ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupedRowsInOrder, groupText } from '../lib/result-data.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';
import { useNumberFormat } from './use-number-format.ts';

type Grouped = Extract<ReportResult, { kind: 'grouped' }>;
type Pivot = Extract<ReportResult, { kind: 'pivot' }>;

interface GroupedLine {
  key: string;
  row: ReportGroupRow;
  kind: 'group' | 'subtotal' | 'total';
}

export function GroupedResultTable({
  result,
  groupLabels,
  measureLabels,
}: {
  result: Grouped;
  groupLabels: string[];
  measureLabels: string[];
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const depth = groupLabels.length;
  const lines = useMemo<GroupedLine[]>(() => {
    const ordered = groupedRowsInOrder(result.rows, result.subtotals).map<GroupedLine>((row, index) => ({
      key: `r${index}`,
      row,
      kind: row.level === 0 ? 'group' : 'subtotal',
    }));
    return result.total ? [...ordered, { key: 'total', row: result.total, kind: 'total' }] : ordered;
  }, [result]);

  const groupCell = (line: GroupedLine, index: number) => {
    if (line.kind === 'total') return index === 0 ? t('viewer.grandTotal') : '';
    const text = groupText(line.row.labels, line.row.groups, index);
    if (line.kind === 'subtotal') {
      const rolled = index >= depth - line.row.level;
      if (!rolled) return text ?? t('viewer.empty');
      // The first rolled-up level says whose subtotal this is.
      const owner =
        groupText(line.row.labels, line.row.groups, depth - line.row.level - 1) ?? t('viewer.empty');
      return index === depth - line.row.level ? t('viewer.subtotal', { label: owner }) : '';
    }
    return text ?? t('viewer.empty');
  };

  const columns: ColumnsType<GroupedLine> = [
    ...groupLabels.map((label, index) => ({
      key: `group:${index}`,
      title: label,
      render: (_: unknown, line: GroupedLine) => groupCell(line, index),
    })),
    ...measureLabels.map((label, index) => ({
      key: `measure:${index}`,
      title: label,
      align: 'right' as const,
      render: (_: unknown, line: GroupedLine) => format(line.row.measures[index]),
    })),
  ];

  return (
    <Table<GroupedLine>
      data-testid="grouped-table"
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('viewer.noRows') }}
      onRow={(line) =>
        line.kind === 'group'
          ? {}
          : {
              'data-row-kind': line.kind,
              style: {
                fontWeight: 600,
                background: line.kind === 'total' ? token.colorFillSecondary : token.colorFillQuaternary,
              },
            }
      }
    />
  );
}

interface PivotLine {
  key: string;
  labels: string[];
  cells: Pivot['rows'][number]['cells'];
  total: Pivot['total'];
  isTotal: boolean;
}

export function PivotResultTable({
  result,
  rowLabels,
  measureLabel,
}: {
  result: Pivot;
  rowLabels: string[];
  measureLabel: string;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const lines = useMemo<PivotLine[]>(
    () => [
      ...result.rows.map((row, index) => ({
        key: `r${index}`,
        labels: rowLabels.map((_, level) => groupText(row.labels, row.groups, level) ?? t('viewer.empty')),
        cells: row.cells,
        total: row.total,
        isTotal: false,
      })),
      {
        key: 'total',
        labels: rowLabels.map((_, level) => (level === 0 ? t('viewer.grandTotal') : '')),
        cells: result.columnTotals,
        total: result.total,
        isTotal: true,
      },
    ],
    [result, rowLabels, t],
  );
  const columns: ColumnsType<PivotLine> = [
    ...rowLabels.map((label, level) => ({
      key: `row:${level}`,
      title: label,
      render: (_: unknown, line: PivotLine) => line.labels[level],
    })),
    ...result.columnKeys.map((_, index) => ({
      key: `column:${index}`,
      title: groupText(result.columnLabels, result.columnKeys, index) ?? t('viewer.empty'),
      align: 'right' as const,
      render: (_: unknown, line: PivotLine) => format(line.cells[index]),
    })),
    {
      key: 'total',
      title: t('viewer.rowTotal'),
      align: 'right' as const,
      render: (_: unknown, line: PivotLine) => <strong>{format(line.total)}</strong>,
    },
  ];
  return (
    <Table<PivotLine>
      data-testid="pivot-table"
      size="small"
      rowKey="key"
      title={() => measureLabel}
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(line) =>
        line.isTotal
          ? { 'data-row-kind': 'total', style: { fontWeight: 600, background: token.colorFillSecondary } }
          : {}
      }
    />
  );
}

// A grouped report as a table with subtotal rows and a totals row, and a pivot as a matrix with row
// and column totals. Both scroll inside their own box on a narrow screen, never the page.
import type { ReportGroupRow, ReportResult } from '@formloop/contracts';
import Button from 'antd/es/button';
import Table, { type ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { drillKeysOf, drillLabelOf, groupedRowsInOrder, groupText } from '../lib/result-data.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';
import { useNumberFormat } from './use-number-format.ts';
import type { DrillTo } from './use-drill.ts';

/**
 * A cell's content as a link-styled button that opens the records behind it: reachable with Tab,
 * pressed with Enter or Space, and named for screen readers by what it opens.
 */
export function DrillButton({
  label,
  onOpen,
  children,
}: {
  label: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  // What the button shows is part of its name (WCAG 2.5.3: "Grand total", not only "Open all …").
  const name = typeof children === 'string' && !label.includes(children) ? `${children}: ${label}` : label;
  return (
    <Button
      type="link"
      size="small"
      aria-label={name}
      title={label}
      style={{ padding: 0, height: 'auto', fontWeight: 'inherit', whiteSpace: 'normal', textAlign: 'start' }}
      onClick={(event: MouseEvent) => {
        // The row's own click opens the same records; once is enough.
        event.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </Button>
  );
}

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
  countMeasure = -1,
  onDrill,
}: {
  result: Grouped;
  groupLabels: string[];
  measureLabels: string[];
  /** Which measure counts records (named in the drill label), or -1. */
  countMeasure?: number;
  /** Opens the records of a group, subtotal or the total; rows are not links without it. */
  onDrill?: DrillTo;
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

  // The cell naming the row (a group's deepest value, "Subtotal of …", "Grand total") opens its records.
  const labelIndex = (line: GroupedLine) =>
    line.kind === 'total' ? 0 : line.kind === 'subtotal' ? depth - line.row.level : depth - 1;
  const drillLabel = (line: GroupedLine) => {
    const count = countMeasure >= 0 ? line.row.measures[countMeasure] : null;
    const counted = typeof count === 'number' ? { n: format(count) } : null;
    if (line.kind === 'total') return counted ? t('drill.openAllCount', counted) : t('drill.openAll');
    const label = drillLabelOf(line.row, t('viewer.empty'));
    return counted ? t('drill.openCount', { ...counted, label }) : t('drill.open', { label });
  };

  const columns: ColumnsType<GroupedLine> = [
    ...groupLabels.map((label, index) => ({
      key: `group:${index}`,
      title: label,
      render: (_: unknown, line: GroupedLine) => {
        const text = groupCell(line, index);
        if (!onDrill || index !== labelIndex(line)) return text;
        return (
          <DrillButton label={drillLabel(line)} onOpen={() => onDrill(drillKeysOf(line.row))}>
            {text}
          </DrillButton>
        );
      },
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
      onRow={(line) => {
        const drill = onDrill
          ? { onClick: () => onDrill(drillKeysOf(line.row)), style: { cursor: 'pointer' } }
          : { style: {} };
        return line.kind === 'group'
          ? drill
          : {
              ...drill,
              'data-row-kind': line.kind,
              style: {
                ...drill.style,
                fontWeight: 600,
                background: line.kind === 'total' ? token.colorFillSecondary : token.colorFillQuaternary,
              },
            };
      }}
    />
  );
}

interface PivotLine {
  key: string;
  /** The row's keys (none for the totals row). */
  groups: Pivot['rows'][number]['groups'];
  labels: string[];
  cells: Pivot['rows'][number]['cells'];
  total: Pivot['total'];
  isTotal: boolean;
}

export function PivotResultTable({
  result,
  rowLabels,
  measureLabel,
  onDrill,
}: {
  result: Pivot;
  rowLabels: string[];
  measureLabel: string;
  /** Opens the records of a cell (row keys, then the column key), a row total or the grand total. */
  onDrill?: DrillTo;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const lines = useMemo<PivotLine[]>(
    () => [
      ...result.rows.map((row, index) => ({
        key: `r${index}`,
        groups: row.groups,
        labels: rowLabels.map((_, level) => groupText(row.labels, row.groups, level) ?? t('viewer.empty')),
        cells: row.cells,
        total: row.total,
        isTotal: false,
      })),
      {
        key: 'total',
        groups: [],
        labels: rowLabels.map((_, level) => (level === 0 ? t('viewer.grandTotal') : '')),
        cells: result.columnTotals,
        total: result.total,
        isTotal: true,
      },
    ],
    [result, rowLabels, t],
  );
  const columnText = (index: number) =>
    groupText(result.columnLabels, result.columnKeys, index) ?? t('viewer.empty');
  // A cell opens its records (row keys, then the column key); a row total its row's; a column total
  // its column's (the column key alone); the grand total all of them.
  const cell = (line: PivotLine, value: Pivot['total'], column: number | null) => {
    const shown = format(value);
    if (!onDrill || value === null) return shown;
    if (line.isTotal && column !== null) {
      return (
        <DrillButton
          label={t('drill.open', { label: columnText(column) })}
          onOpen={() => onDrill([], result.columnKeys[column] ?? null)}
        >
          {shown}
        </DrillButton>
      );
    }
    const row = line.isTotal ? null : line.labels.join(' / ');
    const label =
      row === null
        ? t('drill.openAll')
        : t('drill.open', { label: column === null ? row : `${row} · ${columnText(column)}` });
    const keys = column === null ? line.groups : [...line.groups, result.columnKeys[column] ?? null];
    return (
      <DrillButton label={label} onOpen={() => onDrill(keys)}>
        {shown}
      </DrillButton>
    );
  };
  const columns: ColumnsType<PivotLine> = [
    ...rowLabels.map((label, level) => ({
      key: `row:${level}`,
      title: label,
      render: (_: unknown, line: PivotLine) => line.labels[level],
    })),
    ...result.columnKeys.map((_, index) => ({
      key: `column:${index}`,
      title: columnText(index),
      align: 'right' as const,
      render: (_: unknown, line: PivotLine) => cell(line, line.cells[index] ?? null, index),
    })),
    {
      key: 'total',
      title: t('viewer.rowTotal'),
      align: 'right' as const,
      render: (_: unknown, line: PivotLine) => <strong>{cell(line, line.total, null)}</strong>,
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

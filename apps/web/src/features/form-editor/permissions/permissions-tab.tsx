import type { ActivityPermission, FieldControlLevel, FormLayout, SelectableActivity } from '@formloop/domain';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { activityName } from './activity-name.ts';
import { ColumnHeader } from './column-header.tsx';
import { ControlSelect } from './control-select.tsx';
import {
  clearColumn,
  columnHasRules,
  fallbackControl,
  hasFields,
  matrixRows,
  ownControl,
  setCell,
  setColumn,
  shownControl,
  type MatrixRow,
} from './permission-model.ts';
import { PermissionsLegend } from './permissions-legend.tsx';

export interface PermissionsTabProps {
  layout: FormLayout;
  permission: ActivityPermission[];
  activities: SelectableActivity[];
  onChange(next: ActivityPermission[]): void;
  readOnly?: boolean;
}

/**
 * Moves focus between cells: ← → along a row, Ctrl+↑ ↓ along a column (plain ↑ ↓ belong to the
 * select, which opens and walks its list with them).
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  const cell = target.closest<HTMLElement>('[data-cell]');
  if (!cell || target.getAttribute('aria-expanded') === 'true') return;
  const [row, column] = (cell.dataset.cell ?? '').split(':').map(Number) as [number, number];
  const step: Record<string, [number, number] | undefined> = {
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
    ArrowUp: event.ctrlKey ? [-1, 0] : undefined,
    ArrowDown: event.ctrlKey ? [1, 0] : undefined,
  };
  const move = step[event.key];
  if (!move) return;
  const next = event.currentTarget.querySelector<HTMLElement>(
    `[data-cell="${row + move[0]}:${column + move[1]}"] [role="combobox"]`,
  );
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * Field permissions per activity (spec §3): one column per activity, one row per section followed
 * by its fields. A section's rule applies to its fields that have no rule of their own.
 */
export function PermissionsTab({ layout, permission, activities, onChange, readOnly }: PermissionsTabProps) {
  const { t } = useTranslation('formReview');
  const { token } = theme.useToken();
  const rows = useMemo(() => matrixRows(layout), [layout]);

  if (!hasFields(rows))
    return (
      <Empty
        data-testid="perm-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('permissions.empty')}
      />
    );

  const label = (row: MatrixRow) => (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: token.marginXS,
        paddingInlineStart: row.kind === 'field' ? token.paddingLG : 0,
        fontWeight: row.kind === 'group' ? 600 : undefined,
      }}
    >
      {row.label}
      {row.kind === 'group' && row.isTable ? <Tag color="geekblue">{t('permissions.table')}</Tag> : null}
      {row.kind === 'field' ? (
        <Typography.Text type="secondary" code style={{ fontSize: token.fontSizeSM }}>
          {row.name || t('permissions.unnamed')}
        </Typography.Text>
      ) : null}
    </span>
  );

  const cell = (row: MatrixRow, rowIndex: number, activity: SelectableActivity, columnIndex: number) => {
    const { activityId } = activity;
    const target = row.kind === 'group' ? t('permissions.groupTarget', { name: row.label }) : row.label;
    return (
      <div data-cell={`${rowIndex}:${columnIndex}`}>
        <ControlSelect
          value={ownControl(permission, activityId, row)}
          fallback={fallbackControl(permission, activityId, row)}
          effective={shownControl(permission, activityId, row)}
          ariaLabel={t('permissions.cellLabel', {
            target,
            activity: activityName(t, activityId, activities),
          })}
          testId={
            row.kind === 'field' ? `perm-${activityId}-${row.name}` : `perm-group-${activityId}-${row.name}`
          }
          disabled={readOnly || !row.name}
          onChange={(control) => onChange(setCell(permission, activityId, row, control))}
        />
      </div>
    );
  };

  // Section rows are shaded so the fields below read as theirs.
  const shade = (row: MatrixRow) =>
    row.kind === 'group' ? { style: { background: token.colorFillQuaternary } } : {};

  const columns: ColumnsType<MatrixRow> = [
    {
      key: 'target',
      title: t('permissions.targetColumn'),
      fixed: 'start',
      width: 260,
      onCell: shade,
      render: (_value, row) => label(row),
    },
    ...activities.map((activity, columnIndex) => {
      const name = activityName(t, activity.activityId, activities);
      return {
        key: activity.activityId,
        width: 170,
        onCell: shade,
        title: (
          <ColumnHeader
            activityId={activity.activityId}
            name={name}
            readOnly={readOnly}
            canSetAll={rows.some((row) => row.kind === 'field' && row.name)}
            hasRules={columnHasRules(permission, activity.activityId)}
            onSetAll={(control: FieldControlLevel) =>
              onChange(setColumn(permission, activity.activityId, rows, control))
            }
            onClear={() => onChange(clearColumn(permission, activity.activityId))}
          />
        ),
        render: (_value: unknown, row: MatrixRow, rowIndex: number) =>
          cell(row, rowIndex, activity, columnIndex),
      };
    }),
  ];

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginMD }}
      data-testid="permissions-tab"
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('permissions.intro')}
      </Typography.Paragraph>
      <div onKeyDown={moveFocus}>
        <Table<MatrixRow>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="perm-matrix"
        />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('permissions.keyboardHint')}
      </Typography.Text>
      <PermissionsLegend />
    </div>
  );
}

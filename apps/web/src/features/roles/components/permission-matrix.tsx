import type { CatalogueRow } from '@formloop/contracts';
import type { PermissionAction } from '@formloop/domain';
import Checkbox from 'antd/es/checkbox';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionColumns, cellState, descendants, toggleCell, type Cells } from '../matrix-model.ts';

interface Props {
  rows: CatalogueRow[];
  cells: Cells;
  disabled: boolean;
  onChange: (cells: Set<string>) => void;
}

/**
 * The matrix: one row per menu (groups indented by depth, a tree guide instead of icons) and one
 * checkbox column per action some row offers. A group's checkbox sets or clears everything below it.
 */
export function PermissionMatrix({ rows, cells, disabled, onChange }: Props) {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
  const below = useMemo(() => descendants(rows), [rows]);
  const actions = useMemo(() => actionColumns(rows), [rows]);

  const cell = (row: CatalogueRow, action: PermissionAction) => {
    const rowsBelow = below.get(row.resource) ?? [];
    const state = cellState(row, action, cells, rowsBelow);
    if (state === 'none') return null;
    const name = rowsBelow.length > 0 ? t('matrix.groupCell', { name: row.label }) : row.label;
    return (
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'partial'}
        disabled={disabled}
        aria-label={t('matrix.cell', { action: t(`matrix.actions.${action}`), name })}
        onChange={() => onChange(toggleCell(row, action, cells, rowsBelow))}
      />
    );
  };

  const columns: ColumnsType<CatalogueRow> = [
    {
      key: 'label',
      title: t('matrix.entry'),
      render: (_value, row) => (
        <span
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            paddingInlineStart: row.depth * token.paddingLG,
            fontWeight: row.is_group ? 600 : undefined,
          }}
          data-testid={`matrix-label-${row.id}`}
        >
          {row.depth > 0 ? (
            // The tree guide: an elbow joining the row to its group above.
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: token.paddingSM,
                height: token.fontSize,
                marginInlineEnd: token.marginXS,
                marginTop: -token.fontSize / 2,
                borderInlineStart: `1px solid ${token.colorBorder}`,
                borderBottom: `1px solid ${token.colorBorder}`,
              }}
            />
          ) : null}
          {row.label}
          {row.kind === 'app' ? (
            <span style={{ color: token.colorTextTertiary, marginInlineStart: token.marginXS }}>
              {t('matrix.app')}
            </span>
          ) : null}
        </span>
      ),
    },
    ...actions.map((action) => ({
      key: action,
      title: t(`matrix.actions.${action}`),
      width: 110,
      align: 'center' as const,
      render: (_value: unknown, row: CatalogueRow) => cell(row, action),
    })),
  ];

  return (
    <Table<CatalogueRow>
      rowKey="resource"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      data-testid="permission-matrix"
    />
  );
}

import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { PayloadGroup } from '@formloop/domain';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import theme from 'antd/es/theme';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldItem } from './field-item.tsx';
import { FORM_RENDERER_NAMESPACE } from './messages.ts';
import {
  canAddRow,
  canRemoveRow,
  fieldLabel,
  newTableRow,
  tableCellKey,
  tableColumns,
  tableRows,
} from './renderer-model.ts';
import { VISUALLY_HIDDEN } from '../../shared/ui/visually-hidden.ts';
import type { SectionContext } from './section-context.ts';

/**
 * A table group: one row of fields repeated per record row, with add/remove buttons that keep the
 * row count within minimumRowCount and maximumRowCount (0 = no limit). Values are
 * values[group.name] = row objects.
 */
export function TableSection(props: { group: PayloadGroup; context: SectionContext }) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const { token } = theme.useToken();
  const { group, context } = props;
  const rows = tableRows(context.values, group);
  const columns = tableColumns(group).filter(({ field }) => context.access(group, field.name).visible);
  const { onCell } = context;
  const prefix = `${group.name}.`;
  // Cell keys are 'group.row.field'; the group prefix is known, so names holding dots still split right.
  const onValue = useCallback(
    (key: string, value: unknown) => {
      const rest = key.slice(prefix.length);
      const dot = rest.indexOf('.');
      onCell(group.name, Number(rest.slice(0, dot)), rest.slice(dot + 1), value);
    },
    [onCell, group.name, prefix],
  );
  if (columns.length === 0) return null;

  const editable =
    !context.readOnly && columns.some(({ field }) => context.access(group, field.name).editable);
  const addAllowed = editable && canAddRow(group, rows.length);
  const removeAllowed = editable && canRemoveRow(group, rows.length);
  const title = group.displayName || group.name;

  const cell = {
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorSplit}`,
    verticalAlign: 'top',
  } as const;
  const head = { ...cell, background: token.colorFillAlter, textAlign: 'start', fontWeight: 600 } as const;
  const body = rows.map((row, rowIndex) => (
    <tr key={rowIndex}>
      {columns.map(({ field, type }) => {
        const key = tableCellKey(group.name, rowIndex, field.name);
        return (
          <td key={field.name} style={{ ...cell, minWidth: 160 }}>
            <FieldItem
              field={field}
              type={type}
              valueKey={key}
              id={context.idFor(key)}
              value={row[field.name]}
              readOnly={!context.access(group, field.name).editable}
              now={context.now}
              error={context.errorFor(key)}
              formulaError={context.formulaErrors[key]}
              onValue={onValue}
              cellLabel={t('table.cellLabel', { label: fieldLabel(field), row: rowIndex + 1 })}
            />
          </td>
        );
      })}
      {editable ? (
        <td style={{ ...cell, width: 48 }}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('table.removeRow', { row: rowIndex + 1, table: title })}
            disabled={!removeAllowed}
            onClick={() =>
              context.onRows(
                group.name,
                rows.filter((_, index) => index !== rowIndex),
              )
            }
          />
        </td>
      ) : null}
    </tr>
  ));

  const limits =
    group.maximumRowCount > 0
      ? t('table.limitsRange', { min: group.minimumRowCount || 0, max: group.maximumRowCount })
      : group.minimumRowCount > 0
        ? t('table.limitsMin', { min: group.minimumRowCount })
        : null;

  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} data-section={group.name}>
      {/* A plain table: rows of live controls re-render on every keystroke, so it stays light. */}
      <div style={{ overflowX: 'auto' }}>
        <table aria-label={title} style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {columns.map(({ field }) => (
                <th key={field.name} scope="col" style={head}>
                  {fieldLabel(field)}
                  {field.required ? (
                    <span aria-hidden style={{ color: token.colorError }}>
                      {' *'}
                    </span>
                  ) : null}
                </th>
              ))}
              {editable ? (
                <th scope="col" style={head}>
                  <span style={VISUALLY_HIDDEN}>{t('table.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length > 0 ? (
              body
            ) : (
              <tr>
                <td
                  colSpan={columns.length + (editable ? 1 : 0)}
                  style={{ ...cell, textAlign: 'center', opacity: 0.65 }}
                >
                  {t('table.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
        {editable ? (
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={!addAllowed}
            onClick={() => context.onRows(group.name, [...rows, newTableRow(group, context.now)])}
          >
            {t('table.addRow')}
          </Button>
        ) : null}
        {limits ? <span style={{ opacity: 0.65 }}>{limits}</span> : null}
      </div>
    </Card>
  );
}

import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import { PAGE_SIZES } from '@formloop/domain';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { REFERENCE_DATA_NAMESPACE } from '../messages.ts';
import type { EditableRow } from '../values-model.ts';
import { moveItem } from '../../../shared/lib/move-item.ts';
import { useRowDrag } from '../../../shared/ui/use-row-drag.ts';

export interface ValuesPaging {
  page: number;
  pageSize: number;
}

interface Props {
  rows: EditableRow[];
  /** Extra dataset columns of the list: one editable cell each. */
  columns: readonly string[];
  /** Problems by row key, already in the reader's language. */
  errors: ReadonlyMap<string, string>;
  paging: ValuesPaging;
  onPaging: (paging: ValuesPaging) => void;
  onChange: (rows: EditableRow[]) => void;
  /** The row whose value input takes the focus when it appears (a row just added). */
  focusKey: string | null;
}

/**
 * The list's values in order, edited in place. Rows drag by their handle with plain HTML5 drag and
 * drop; the arrow buttons do the same from the keyboard. Long lists page (positions stay absolute).
 */
export function ValuesEditor({ rows, columns, errors, paging, onPaging, onChange, focusKey }: Props) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { token } = theme.useToken();
  const offset = (paging.page - 1) * paging.pageSize;

  const update = (index: number, change: Partial<EditableRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length) return;
    onChange(moveItem(rows, from, to));
    // Follow the row when it crosses to another page.
    const page = Math.floor(to / paging.pageSize) + 1;
    if (page !== paging.page) onPaging({ ...paging, page });
  };
  const remove = (index: number) => onChange(rows.filter((_row, at) => at !== index));
  const label = (row: EditableRow, index: number) =>
    row.value.trim() || t('values.rowNumber', { n: index + 1 });

  const drag = useRowDrag(move);
  const rowProps = (index: number) => ({ ...drag.targetProps(index), 'data-testid': `value-row-${index}` });

  const columnsOf: ColumnsType<EditableRow> = [
    {
      key: 'handle',
      width: 40,
      render: (_value, row, pageIndex) => {
        const index = offset + pageIndex;
        return (
          <span
            draggable
            data-testid={`drag-handle-${index}`}
            aria-label={t('values.dragHandle', { name: label(row, index) })}
            style={{ cursor: 'grab', color: token.colorTextTertiary }}
            {...drag.sourceProps(index, row.key)}
          >
            <HolderOutlined aria-hidden />
          </span>
        );
      },
    },
    { key: 'position', title: '#', width: 64, render: (_value, _row, pageIndex) => offset + pageIndex + 1 },
    {
      key: 'value',
      title: t('values.value'),
      render: (_value, row, pageIndex) => {
        const index = offset + pageIndex;
        const problem = errors.get(row.key);
        return (
          <div>
            <Input
              value={row.value}
              autoFocus={row.key === focusKey}
              status={problem ? 'error' : undefined}
              aria-label={t('values.valueOf', { n: index + 1 })}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => update(index, { value: event.target.value })}
            />
            {problem ? (
              <div role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
                {problem}
              </div>
            ) : null}
          </div>
        );
      },
    },
    ...columns.map<ColumnsType<EditableRow>[number]>((column) => ({
      key: `data-${column}`,
      title: column,
      render: (_value, row, pageIndex) => {
        const index = offset + pageIndex;
        return (
          <Input
            value={row.data[column] ?? ''}
            aria-label={t('values.cellOf', { column, n: index + 1 })}
            onChange={(event) => update(index, { data: { ...row.data, [column]: event.target.value } })}
          />
        );
      },
    })),
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 140,
      align: 'right',
      render: (_value, row, pageIndex) => {
        const index = offset + pageIndex;
        const name = label(row, index);
        return (
          <Space size="small">
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('values.moveUp', { name })}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('values.moveDown', { name })}
              disabled={index === rows.length - 1}
              onClick={() => move(index, index + 1)}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('values.delete', { name })}
              onClick={() => remove(index)}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <Table<EditableRow>
      rowKey="key"
      size="small"
      columns={columnsOf}
      dataSource={rows}
      locale={{ emptyText: t('values.empty') }}
      onRow={(_row, pageIndex) => rowProps(offset + (pageIndex ?? 0))}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        hideOnSinglePage: rows.length <= PAGE_SIZES[0],
        onChange: (page, pageSize) => onPaging({ page, pageSize }),
      }}
    />
  );
}

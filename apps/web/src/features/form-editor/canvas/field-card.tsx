import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import ArrowRightOutlined from '@ant-design/icons/es/icons/ArrowRightOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import BorderOutlined from '@ant-design/icons/es/icons/BorderOutlined';
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { GRID_COLUMNS, isEmptyCell, type LayoutCell } from '@formloop/domain';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import { memo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endDrag, startDrag } from '../palette/drag-data.ts';
import { FieldIcon } from '../palette/field-icon.tsx';
import { dropAction, useEditorDispatch } from '../state/editor-context.ts';
import { newId } from '../state/new-id.ts';
import type { NudgeDirection } from '../state/editor-types.ts';
import { useDropZone } from './use-drop-zone.ts';

export interface FieldCardProps {
  cell: LayoutCell;
  sectionId: string;
  rowId: string;
  index: number;
  isTable: boolean;
  selected: boolean;
  invalid: boolean;
  /** Which ways the selected cell can move (only the selected card shows its moves). */
  moves: Readonly<Record<NudgeDirection, boolean>> | null;
}

const MOVE_ICONS = {
  up: ArrowUpOutlined,
  down: ArrowDownOutlined,
  left: ArrowLeftOutlined,
  right: ArrowRightOutlined,
} as const;

/**
 * One cell of a row: a field (label, type icon, required mark, width) or an empty column. Click,
 * Enter or Space selects it; the selected card has width, move, duplicate and delete controls.
 * Dropping on its left half places a field before it, on its right half after it.
 */
export const FieldCard = memo(function FieldCard(props: FieldCardProps) {
  const { cell, sectionId, rowId, index, isTable, selected, invalid, moves } = props;
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const dispatch = useEditorDispatch();
  const [side, setSide] = useState<'before' | 'after'>('after');
  const empty = isEmptyCell(cell);
  const label = empty ? t('canvas.emptyColumn') : cell.fieldName || t('canvas.noLabel');
  const { over, dropProps } = useDropZone((payload) =>
    dispatch(
      dropAction(payload, { sectionId, place: 'row', rowId, index: side === 'before' ? index : index + 1 }),
    ),
  );
  const select = () => dispatch({ type: 'select', selection: { kind: 'field', id: cell.id } });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget && !(event.target as HTMLElement).dataset.cellTitle) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      dispatch({ type: 'deleteCell', id: cell.id });
    } else if (event.altKey && event.key.startsWith('Arrow')) {
      event.preventDefault();
      dispatch({
        type: 'nudgeField',
        id: cell.id,
        direction: event.key.slice(5).toLowerCase() as NudgeDirection,
      });
    }
  };

  // Where the drop lands: a bar on the left or right edge.
  const dropBar = over ? `inset ${side === 'before' ? 4 : -4}px 0 0 ${token.colorPrimary}` : undefined;
  return (
    <div
      data-testid={empty ? `cell-empty-${cell.id}` : `field-${cell.name}`}
      data-field-type={cell.fieldType}
      data-selected={selected || undefined}
      data-invalid={invalid || undefined}
      draggable
      onDragStart={(event) => {
        event.stopPropagation();
        startDrag(event, { kind: 'move', id: cell.id });
      }}
      onDragEnd={endDrag}
      {...dropProps}
      onDragOver={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        setSide(event.clientX < box.left + box.width / 2 ? 'before' : 'after');
        dropProps.onDragOver(event);
      }}
      onClick={select}
      onKeyDown={onKeyDown}
      style={{
        gridColumn: isTable ? undefined : `span ${Math.min(GRID_COLUMNS, cell.columnWidth)}`,
        minWidth: isTable ? 180 : 0,
        flex: isTable ? '0 0 180px' : undefined,
        padding: token.paddingXS,
        borderRadius: token.borderRadius,
        border: `1px ${empty ? 'dashed' : 'solid'} ${invalid ? token.colorError : selected ? token.colorPrimary : token.colorBorder}`,
        outline: invalid
          ? `2px solid ${token.colorError}`
          : selected
            ? `2px solid ${token.colorPrimaryBorder}`
            : undefined,
        boxShadow: dropBar,
        background: selected
          ? token.colorPrimaryBg
          : empty
            ? token.colorFillQuaternary
            : token.colorBgContainer,
        cursor: 'grab',
        display: 'grid',
        gap: token.marginXXS,
        alignContent: 'start',
      }}
    >
      <button
        type="button"
        data-cell-title="true"
        aria-pressed={selected}
        aria-label={t('canvas.selectCell', { label })}
        onClick={(event) => {
          event.stopPropagation();
          select();
        }}
        style={{
          all: 'unset',
          cursor: 'pointer',
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXXS,
          fontWeight: 500,
          minWidth: 0,
        }}
      >
        {empty ? <BorderOutlined aria-hidden /> : <FieldIcon type={cell.fieldType} />}
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
        {!empty && cell.required ? (
          <span style={{ color: token.colorError }} title={t('canvas.required')}>
            *
          </span>
        ) : null}
      </button>
      <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {empty ? null : `${t(`types.${cell.fieldType}`)} · `}
        {isTable ? t('canvas.column') : t('canvas.width', { width: cell.columnWidth, max: GRID_COLUMNS })}
      </span>
      {selected ? <CellToolbar cell={cell} isTable={isTable} moves={moves} label={label} /> : null}
    </div>
  );
});

function CellToolbar({
  cell,
  isTable,
  moves,
  label,
}: {
  cell: LayoutCell;
  isTable: boolean;
  moves: FieldCardProps['moves'];
  label: string;
}) {
  const { t } = useTranslation('formEditor');
  const dispatch = useEditorDispatch();
  const empty = isEmptyCell(cell);
  const directions: NudgeDirection[] = isTable
    ? ['left', 'right', 'up', 'down']
    : ['up', 'down', 'left', 'right'];
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      role="toolbar"
      aria-label={t('canvas.cellActions', { label })}
    >
      {isTable ? null : (
        <InputNumber
          size="small"
          min={1}
          max={GRID_COLUMNS}
          value={cell.columnWidth}
          aria-label={t('canvas.resize', { label })}
          style={{ width: 64 }}
          onChange={(value) =>
            typeof value === 'number'
              ? dispatch({ type: 'resizeCell', id: cell.id, width: value })
              : undefined
          }
        />
      )}
      {directions.map((direction) => {
        const Icon = MOVE_ICONS[direction];
        const text = t(`canvas.move.${direction}`, { label });
        return (
          <Tooltip key={direction} title={text}>
            <Button
              size="small"
              icon={<Icon aria-hidden />}
              aria-label={text}
              disabled={!moves?.[direction]}
              onClick={() => dispatch({ type: 'nudgeField', id: cell.id, direction })}
            />
          </Tooltip>
        );
      })}
      {empty ? null : (
        <Tooltip title={t('canvas.duplicate', { label })}>
          <Button
            size="small"
            icon={<CopyOutlined aria-hidden />}
            aria-label={t('canvas.duplicate', { label })}
            onClick={() => dispatch({ type: 'duplicateField', id: cell.id, newId: newId() })}
          />
        </Tooltip>
      )}
      <Tooltip title={t('canvas.delete', { label })}>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('canvas.delete', { label })}
          onClick={() => dispatch({ type: 'deleteCell', id: cell.id })}
        />
      </Tooltip>
    </div>
  );
}

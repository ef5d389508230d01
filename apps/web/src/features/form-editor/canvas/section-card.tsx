import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import BorderOutlined from '@ant-design/icons/es/icons/BorderOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import type { LayoutRow, LayoutSection } from '@formloop/domain';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { dropAction, useEditorDispatch } from '../state/editor-context.ts';
import type { NudgeDirection } from '../state/editor-types.ts';
import { newId } from '../state/new-id.ts';
import { FieldCard } from './field-card.tsx';
import { useDropZone } from './use-drop-zone.ts';

export interface SectionCardProps {
  section: LayoutSection;
  index: number;
  count: number;
  selected: boolean;
  selectedCellId: string | null;
  moves: Readonly<Record<NudgeDirection, boolean>> | null;
  invalid: ReadonlySet<string>;
}

/** A section of the form: its rows on the 12-column grid (a table: one row of columns) and its drop zones. */
export const SectionCard = memo(function SectionCard(props: SectionCardProps) {
  const { section, index, count, selected, invalid } = props;
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const dispatch = useEditorDispatch();
  const title = section.displayName || section.name;
  const empty = section.rows.length === 0;
  const endZone = useDropZone((payload) =>
    dispatch(
      dropAction(
        payload,
        section.isTable
          ? { sectionId: section.id, place: 'end' }
          : { sectionId: section.id, place: 'newRow', rowIndex: section.rows.length },
      ),
    ),
  );
  const selectSection = () => dispatch({ type: 'select', selection: { kind: 'section', id: section.id } });
  const groupInvalid = invalid.has(section.name);

  return (
    <section
      aria-label={title}
      data-testid={`section-${section.name}`}
      style={{
        border: `1px solid ${groupInvalid ? token.colorError : selected ? token.colorPrimary : token.colorBorderSecondary}`,
        outline: groupInvalid ? `2px solid ${token.colorError}` : undefined,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        padding: token.paddingSM,
        display: 'grid',
        gap: token.marginXS,
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, flexWrap: 'wrap' }}>
        <button
          type="button"
          aria-pressed={selected}
          aria-label={t('canvas.selectSection', { name: title })}
          onClick={selectSection}
          style={{
            all: 'unset',
            cursor: 'pointer',
            fontWeight: 600,
            fontSize: token.fontSizeLG,
            flex: 1,
            minWidth: 0,
          }}
        >
          {title}
        </button>
        {section.isTable ? (
          <Tag icon={<TableOutlined aria-hidden />} color="blue">
            {t('canvas.table', { min: section.minimumRowCount, max: section.maximumRowCount || '∞' })}
          </Tag>
        ) : null}
        <Tooltip title={t('canvas.sectionUp', { name: title })}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined aria-hidden />}
            aria-label={t('canvas.sectionUp', { name: title })}
            disabled={index === 0}
            onClick={() => dispatch({ type: 'moveSection', id: section.id, toIndex: index - 1 })}
          />
        </Tooltip>
        <Tooltip title={t('canvas.sectionDown', { name: title })}>
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined aria-hidden />}
            aria-label={t('canvas.sectionDown', { name: title })}
            disabled={index === count - 1}
            onClick={() => dispatch({ type: 'moveSection', id: section.id, toIndex: index + 1 })}
          />
        </Tooltip>
        {section.isTable ? null : (
          <Tooltip title={t('canvas.addEmpty', { name: title })}>
            <Button
              size="small"
              type="text"
              icon={<BorderOutlined aria-hidden />}
              aria-label={t('canvas.addEmpty', { name: title })}
              onClick={() => dispatch({ type: 'addEmptyCell', sectionId: section.id, id: newId() })}
            />
          </Tooltip>
        )}
        <Popconfirm
          title={t('canvas.deleteSectionConfirm', { name: title })}
          okText={t('canvas.deleteSectionOk')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => dispatch({ type: 'deleteSection', id: section.id })}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('canvas.deleteSection', { name: title })}
            disabled={count === 1}
          />
        </Popconfirm>
      </header>
      {section.rows.map((row) => (
        <RowGrid key={row.id} row={row} {...props} />
      ))}
      <div
        data-testid={`section-drop-${section.name}`}
        {...endZone.dropProps}
        style={{
          border: `1px dashed ${endZone.over ? token.colorPrimary : token.colorBorder}`,
          background: endZone.over ? token.colorPrimaryBg : undefined,
          borderRadius: token.borderRadius,
          color: token.colorTextTertiary,
          textAlign: 'center',
          padding: empty ? token.paddingLG : token.paddingXS,
          fontSize: token.fontSizeSM,
        }}
      >
        {empty ? t('canvas.dropEmpty') : section.isTable ? t('canvas.dropColumn') : t('canvas.dropNewRow')}
      </div>
    </section>
  );
});

function RowGrid({ row, section, selectedCellId, moves, invalid }: SectionCardProps & { row: LayoutRow }) {
  const { token } = theme.useToken();
  const dispatch = useEditorDispatch();
  const { over, dropProps } = useDropZone((payload) =>
    dispatch(
      dropAction(payload, { sectionId: section.id, place: 'row', rowId: row.id, index: row.cells.length }),
    ),
  );
  return (
    <div
      {...dropProps}
      style={
        section.isTable
          ? { display: 'flex', gap: token.marginXS, overflowX: 'auto', paddingBottom: token.paddingXXS }
          : {
              display: 'grid',
              gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
              gap: token.marginXS,
              borderRadius: token.borderRadius,
              background: over ? token.colorFillTertiary : undefined,
            }
      }
    >
      {row.cells.map((cell, index) => (
        <FieldCard
          key={cell.id}
          cell={cell}
          sectionId={section.id}
          rowId={row.id}
          index={index}
          isTable={section.isTable}
          selected={cell.id === selectedCellId}
          invalid={invalid.has(cell.id)}
          moves={cell.id === selectedCellId ? moves : null}
        />
      ))}
    </div>
  );
}

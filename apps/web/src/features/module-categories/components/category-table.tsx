import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import type { ModuleCategory } from '@formloop/contracts';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../shell/components/menu-icon.tsx';

/** The ids with the group at `from` moved to `to` (both positions in `ids`). */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

interface Props {
  groups: ModuleCategory[];
  busy: boolean;
  onRename: (group: ModuleCategory) => void;
  onDelete: (group: ModuleCategory) => void;
  /** The whole new order, by id. */
  onReorder: (ids: string[]) => void;
}

/**
 * The groups in order. Rows drag with plain HTML5 drag and drop; the arrow buttons do the same from
 * the keyboard (drag and drop alone would shut out keyboard and screen-reader users).
 */
export function CategoryTable({ groups, busy, onRename, onDelete, onReorder }: Props) {
  const { t } = useTranslation('moduleCategories');
  const { token } = theme.useToken();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = groups.map((group) => group.id);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= groups.length) return;
    onReorder(moveId(ids, from, to));
  };

  const rowProps = (index: number) => ({
    draggable: !busy,
    'data-testid': `group-row-${index}`,
    style: {
      cursor: busy ? undefined : 'grab',
      opacity: dragging === index ? 0.5 : undefined,
      boxShadow: over === index && dragging !== index ? `inset 0 2px 0 ${token.colorPrimary}` : undefined,
    },
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only when some data is set.
      event.dataTransfer.setData('text/plain', ids[index] ?? '');
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dragging !== null) move(dragging, index);
      setDragging(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  const columns: ColumnsType<ModuleCategory> = [
    {
      key: 'handle',
      width: 48,
      render: (_value, group) => (
        <HolderOutlined
          aria-label={t('actions.dragHandle', { name: group.category_name })}
          style={{ color: token.colorTextTertiary }}
        />
      ),
    },
    {
      key: 'icon',
      title: t('columns.icon'),
      width: 160,
      render: (_value, group) => (
        <Space size="small">
          <MenuIcon name={group.category_icon} />
          <span style={{ color: token.colorTextSecondary }}>{group.category_icon ?? ''}</span>
        </Space>
      ),
    },
    { key: 'name', title: t('columns.name'), dataIndex: 'category_name' },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 220,
      align: 'right',
      render: (_value, group, index) => (
        <Space size="small">
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('actions.moveUp', { name: group.category_name })}
            disabled={busy || index === 0}
            onClick={() => move(index, index - 1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('actions.moveDown', { name: group.category_name })}
            disabled={busy || index === groups.length - 1}
            onClick={() => move(index, index + 1)}
          />
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('actions.rename', { name: group.category_name })}
            onClick={() => onRename(group)}
          />
          <Popconfirm
            title={t('confirmDelete.title', { name: group.category_name })}
            description={t('confirmDelete.description')}
            okText={t('confirmDelete.ok')}
            cancelText={t('confirmDelete.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(group)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.delete', { name: group.category_name })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<ModuleCategory>
      rowKey="id"
      columns={columns}
      dataSource={groups}
      pagination={false}
      onRow={(_group, index) => rowProps(index ?? 0)}
    />
  );
}

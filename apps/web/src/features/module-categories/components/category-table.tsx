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
import { useTranslation } from 'react-i18next';
import { moveItem } from '../../../shared/lib/move-item.ts';
import { useRowDrag } from '../../../shared/ui/use-row-drag.ts';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';

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
  const ids = groups.map((group) => group.id);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= groups.length) return;
    onReorder(moveItem(ids, from, to));
  };

  const drag = useRowDrag(move);
  const rowProps = (index: number) => {
    const target = drag.targetProps(index);
    return {
      ...target,
      ...drag.sourceProps(index, ids[index] ?? ''),
      draggable: !busy,
      'data-testid': `group-row-${index}`,
      style: { ...target.style, cursor: busy ? undefined : 'grab' },
    };
  };

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

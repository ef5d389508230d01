import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import type { MenuTreeNode } from '@formloop/contracts';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Tree, { type TreeProps } from 'antd/es/tree';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import {
  canPlace,
  countBelow,
  dropNode,
  indent,
  locate,
  moveDown,
  moveUp,
  outdent,
  type DropPlace,
  type MenuTree,
} from '../tree-model.ts';

interface Props {
  tree: MenuTree;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** A new arrangement (not saved yet). */
  onArrange: (next: MenuTree) => void;
  onEdit: (node: MenuTreeNode) => void;
  onDelete: (node: MenuTreeNode) => void;
  /** Adding, editing and deleting wait while the order has unsaved changes. */
  editingLocked: boolean;
  busy: boolean;
}

type Node = DataNode & { menu: MenuTreeNode };

const groupIds = (tree: MenuTree): string[] =>
  tree.flatMap((node) => (node.is_group ? [node.id, ...groupIds(node.children)] : []));

/**
 * The stored menus as a tree. Entries drag onto a gap between entries or into a group (never into a
 * link, never deeper than the server allows); the buttons above do the same from the keyboard for the
 * selected entry: up, down, into the group above, out of its group.
 */
export function MenuTreePanel(props: Props) {
  const { tree, selectedId, onSelect, onArrange, onEdit, onDelete, editingLocked, busy } = props;
  const { t } = useTranslation('menus');
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(() => groupIds(tree), [tree]);
  const selected = selectedId ? locate(tree, selectedId) : null;

  const toData = (nodes: MenuTree): Node[] =>
    nodes.map((node) => ({
      key: node.id,
      menu: node,
      isLeaf: !node.is_group,
      icon: <MenuIcon name={node.icon} />,
      title: (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS, flexWrap: 'wrap' }}>
          <span data-testid="menu-name">{node.menu_name}</span>
          {node.is_group ? <Tag>{t('kind.group')}</Tag> : null}
          {node.show_on_seed ? <Tag color="green">{t('shownToEveryone')}</Tag> : null}
          {node.is_group ? null : (
            <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
              {node.action_url}
            </span>
          )}
        </span>
      ),
      children: toData(node.children),
    }));
  const data = toData(tree);

  const apply = (next: MenuTree | null) => {
    if (next) onArrange(next);
  };

  const allowDrop: TreeProps<Node>['allowDrop'] = ({ dragNode, dropNode: target, dropPosition }) => {
    if (dropPosition === 0) return target.menu.is_group && canPlace(tree, dragNode.menu.id, target.menu.id);
    return canPlace(tree, dragNode.menu.id, target.menu.parent_id);
  };

  const onDrop: TreeProps<Node>['onDrop'] = (info) => {
    const target = info.node;
    const position = Number(String(target.pos).split('-').pop());
    const relative = info.dropPosition - position;
    let place: DropPlace = relative === -1 ? 'before' : 'after';
    // Dropped on the entry itself, or just below an open group: into that group, at the top.
    if (!info.dropToGap || (target.expanded && target.menu.children.length > 0 && relative === 1)) {
      place = 'inside';
    }
    apply(dropNode(tree, info.dragNode.menu.id, target.menu.id, place));
  };

  const name = selected?.node.menu_name ?? '';
  const id = selected?.node.id ?? '';
  const below = selected ? countBelow(selected.node) : 0;
  const can = {
    up: selected !== null && moveUp(tree, id) !== null,
    down: selected !== null && moveDown(tree, id) !== null,
    indent: selected !== null && indent(tree, id) !== null,
    outdent: selected !== null && outdent(tree, id) !== null,
  };

  return (
    <div>
      <Space
        wrap
        size="small"
        style={{ marginBottom: token.marginSM }}
        aria-label={t('toolbar')}
        role="toolbar"
      >
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={busy || !can.up}
          aria-label={selected ? t('actions.moveUp', { name }) : undefined}
          onClick={() => apply(moveUp(tree, id))}
        >
          {t('buttons.up')}
        </Button>
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={busy || !can.down}
          aria-label={selected ? t('actions.moveDown', { name }) : undefined}
          onClick={() => apply(moveDown(tree, id))}
        >
          {t('buttons.down')}
        </Button>
        <Button
          size="small"
          icon={<MenuUnfoldOutlined />}
          disabled={busy || !can.indent}
          aria-label={selected ? t('actions.indent', { name }) : undefined}
          onClick={() => apply(indent(tree, id))}
        >
          {t('buttons.indent')}
        </Button>
        <Button
          size="small"
          icon={<MenuFoldOutlined />}
          disabled={busy || !can.outdent}
          aria-label={selected ? t('actions.outdent', { name }) : undefined}
          onClick={() => apply(outdent(tree, id))}
        >
          {t('buttons.outdent')}
        </Button>
        <Button
          size="small"
          icon={<EditOutlined />}
          disabled={!selected || editingLocked}
          title={editingLocked ? t('busyHint') : undefined}
          aria-label={selected ? t('actions.edit', { name }) : undefined}
          onClick={() => selected && onEdit(selected.node)}
        >
          {t('buttons.edit')}
        </Button>
        <Popconfirm
          title={
            selected?.node.is_group
              ? t('confirmDelete.groupTitle', { name })
              : t('confirmDelete.title', { name })
          }
          description={
            below > 0 ? t('confirmDelete.withEntries', { count: below }) : t('confirmDelete.description')
          }
          okText={t('confirmDelete.ok')}
          cancelText={t('confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => selected && onDelete(selected.node)}
          disabled={!selected || editingLocked}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!selected || editingLocked}
            title={editingLocked ? t('busyHint') : undefined}
            aria-label={selected ? t('actions.delete', { name }) : undefined}
          >
            {t('buttons.delete')}
          </Button>
        </Popconfirm>
      </Space>
      <Tree<Node>
        aria-label={t('treeLabel')}
        treeData={data}
        draggable={busy ? false : { icon: false }}
        blockNode
        showIcon
        selectedKeys={selectedId ? [selectedId] : []}
        onSelect={(keys) => onSelect(keys.length > 0 ? String(keys[0]) : null)}
        expandedKeys={groups.filter((group) => !collapsed.has(group))}
        onExpand={(keys) => {
          const open = new Set(keys.map(String));
          setCollapsed(new Set(groups.filter((group) => !open.has(group))));
        }}
        allowDrop={allowDrop}
        onDrop={onDrop}
      />
    </div>
  );
}

import FolderAddOutlined from '@ant-design/icons/es/icons/FolderAddOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { MenuTreeNode } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteMenu, useMenuTree, useOrderMenus } from '../api.ts';
import { MenuFormDrawer, type MenuEditing } from '../components/menu-form-drawer.tsx';
import { MenuTreePanel } from '../components/menu-tree-panel.tsx';
import { knownReason, useMenuMessages } from '../messages.ts';
import { locate, placementsOf, sameArrangement, type MenuTree } from '../tree-model.ts';

/**
 * /settings/menu (spec §2): the stored application menus shown in everyone's sidebar and header, as
 * a tree of groups and links. Moves collect into an unsaved arrangement that is saved (PUT order) or
 * discarded as a whole; adding, editing and deleting save at once.
 */
export function MenuSettingsPage() {
  const { t } = useTranslation(['menus', 'validation']);
  const { token } = theme.useToken();
  const { server, translate } = useMenuMessages();
  const toast = useToast();
  const saved = useMenuTree();
  const order = useOrderMenus();
  const remove = useDeleteMenu();
  const [draft, setDraft] = useState<MenuTree | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<MenuEditing | null>(null);

  const tree = draft ?? saved.data ?? [];
  const unsaved = draft !== null;

  // A move back to where everything was is no change at all.
  const arrange = (next: MenuTree) => setDraft(saved.data && sameArrangement(next, saved.data) ? null : next);

  const saveOrder = () => {
    if (!draft) return;
    const arranged = draft;
    setDraft(null);
    order.mutate(
      { items: placementsOf(arranged), arranged },
      {
        onSuccess: () => toast.success(server('orderSaved')),
        onError: (error) => {
          const reason = knownReason(error);
          toast.error(reason ? translate(reason) : t('messages.orderFailed'));
        },
      },
    );
  };

  const onDelete = (node: MenuTreeNode) =>
    remove.mutate(node.id, {
      onSuccess: () => {
        toast.success(server('deleted'));
        setSelectedId(null);
      },
      onError: (error) => {
        const reason = knownReason(error);
        toast.error(reason ? translate(reason) : t('messages.deleteFailed'));
      },
    });

  // A new entry goes into the selected group, or beside the selected link.
  const create = (isGroup: boolean) => {
    const at = selectedId ? locate(tree, selectedId) : null;
    const parentId = at ? (at.node.is_group ? at.node.id : (at.parent?.id ?? null)) : null;
    setEditing({ mode: 'create', isGroup, parentId });
  };

  const addButtons = (
    <Space wrap>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={unsaved}
        title={unsaved ? t('busyHint') : undefined}
        onClick={() => create(false)}
      >
        {t('addMenu')}
      </Button>
      <Button
        icon={<FolderAddOutlined />}
        disabled={unsaved}
        title={unsaved ? t('busyHint') : undefined}
        onClick={() => create(true)}
      >
        {t('addGroup')}
      </Button>
    </Space>
  );

  let content;
  if (saved.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (saved.isError) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void saved.refetch()} />
    );
  } else if (tree.length === 0) {
    content = <Empty description={t('empty')} data-testid="menus-empty" />;
  } else {
    content = (
      <>
        {unsaved ? (
          <Alert
            type="warning"
            showIcon
            role="status"
            data-testid="unsaved-order"
            title={t('unsaved.title')}
            style={{ marginBottom: token.margin }}
            action={
              <Space>
                <Button size="small" type="primary" onClick={saveOrder}>
                  {t('unsaved.save')}
                </Button>
                <Button size="small" onClick={() => setDraft(null)}>
                  {t('unsaved.discard')}
                </Button>
              </Space>
            }
          />
        ) : null}
        <MenuTreePanel
          tree={tree}
          selectedId={selectedId && locate(tree, selectedId) ? selectedId : null}
          onSelect={setSelectedId}
          onArrange={arrange}
          onEdit={(node) => setEditing({ mode: 'edit', node })}
          onDelete={onDelete}
          editingLocked={unsaved}
          busy={order.isPending}
        />
      </>
    );
  }

  return (
    <div
      style={{ maxWidth: 1000, margin: '0 auto', padding: token.paddingLG }}
      data-testid="menu-settings-page"
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.margin,
          flexWrap: 'wrap',
        }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        {saved.isSuccess ? addButtons : null}
      </div>
      <p style={{ color: token.colorTextSecondary, marginBottom: token.marginLG }}>{t('intro')}</p>
      {content}
      <MenuFormDrawer editing={editing} tree={saved.data ?? []} onClose={() => setEditing(null)} />
    </div>
  );
}

export default MenuSettingsPage;

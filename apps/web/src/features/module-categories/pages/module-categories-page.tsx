import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { ModuleCategory } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteModuleCategory, useModuleCategories, useOrderModuleCategories } from '../api.ts';
import { CategoryFormModal } from '../components/category-form-modal.tsx';
import { CategoryTable } from '../components/category-table.tsx';
import { useGroupMessages } from '../messages.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';

type Editing = { open: false } | { open: true; group: ModuleCategory | undefined };

/** /module-categories (app groups, spec §2): create, rename, delete and order the groups apps are filed under. */
export function ModuleCategoriesPage() {
  const { t } = useTranslation(['moduleCategories', 'validation']);
  const { token } = theme.useToken();
  const { group: groupText } = useGroupMessages();
  const toast = useToast();
  const groups = useModuleCategories();
  const remove = useDeleteModuleCategory();
  const order = useOrderModuleCategories();
  const [editing, setEditing] = useState<Editing>({ open: false });

  const create = () => setEditing({ open: true, group: undefined });

  const onDelete = (group: ModuleCategory) =>
    remove.mutate(group.id, {
      onSuccess: () => toast.success(groupText('groupDeleted')),
      onError: () => toast.error(groupText('groupDeleteFailed')),
    });

  const onReorder = (ids: string[]) =>
    order.mutate(ids, {
      onSuccess: () => toast.success(groupText('groupOrderSaved')),
      onError: () => toast.error(groupText('groupOrderFailed')),
    });

  let content;
  if (groups.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (groups.isError) {
    content = (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void groups.refetch()}
      />
    );
  } else if (groups.data.length === 0) {
    content = (
      <Empty description={t('empty')} data-testid="groups-empty">
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('add')}
        </Button>
      </Empty>
    );
  } else {
    content = (
      <CategoryTable
        groups={groups.data}
        busy={order.isPending}
        onRename={(group) => setEditing({ open: true, group })}
        onDelete={onDelete}
        onReorder={onReorder}
      />
    );
  }

  return (
    <div
      style={{ maxWidth: 1000, margin: '0 auto', padding: token.paddingLG }}
      data-testid="module-categories-page"
    >
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        {groups.data && groups.data.length > 0 ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('add')}
          </Button>
        ) : null}
      </div>
      <p style={{ color: token.colorTextSecondary, marginBottom: token.marginLG }}>{t('intro')}</p>
      {content}
      <CategoryFormModal
        open={editing.open}
        group={editing.open ? editing.group : undefined}
        onClose={() => setEditing({ open: false })}
      />
    </div>
  );
}

export default ModuleCategoriesPage;

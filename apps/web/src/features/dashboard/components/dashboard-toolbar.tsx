// A dashboard's toolbar: its name, refresh now, default for me, and — for its owner — edit (save,
// cancel) and delete (confirmed).
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import type { Dashboard } from '@formloop/contracts';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDashboardState, useDeleteDashboard } from '../dashboards-api.ts';
import { useDashboardMessages } from '../messages.ts';

export function DashboardToolbar({
  dashboard,
  editing,
  saving,
  onRefresh,
  onEdit,
  onCancel,
  onSave,
  onDeleted,
}: {
  dashboard: Dashboard;
  editing: boolean;
  saving: boolean;
  onRefresh: () => void;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { reason } = useDashboardMessages();
  const toast = useToast();
  const state = useDashboardState();
  const remove = useDeleteDashboard();
  const setDefault = (isDefault: boolean) =>
    state.mutate(
      { id: dashboard.id, isDefault },
      {
        onSuccess: () => toast.success(isDefault ? t('view.defaultSet') : t('view.defaultCleared')),
        onError: (error) => toast.error(reason(error, t('view.defaultFailed'))),
      },
    );
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'center' }}>
      <h3
        style={{ margin: 0, fontSize: token.fontSizeHeading4, overflowWrap: 'anywhere' }}
        data-testid="dashboard-name"
      >
        {dashboard.name}
      </h3>
      {dashboard.isDefault ? <Tag color="green">{t('view.default')}</Tag> : null}
      {dashboard.refreshSeconds > 0 ? (
        <Tag>{t('view.refreshEvery', { seconds: dashboard.refreshSeconds })}</Tag>
      ) : null}
      <span style={{ flex: 1 }} />
      {editing ? (
        <>
          <Button onClick={onCancel}>{t('edit.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            {t('edit.save')}
          </Button>
        </>
      ) : (
        <>
          <Button icon={<ReloadOutlined />} onClick={onRefresh}>
            {t('view.refresh')}
          </Button>
          <Button
            icon={<StarOutlined />}
            loading={state.isPending}
            onClick={() => setDefault(!dashboard.isDefault)}
          >
            {dashboard.isDefault ? t('view.unsetDefault') : t('view.setDefault')}
          </Button>
          {dashboard.isMine ? (
            <>
              <Button icon={<EditOutlined />} onClick={onEdit}>
                {t('view.edit')}
              </Button>
              <Popconfirm
                title={t('view.confirmDelete.title', { name: dashboard.name })}
                description={t('view.confirmDelete.description')}
                okText={t('view.confirmDelete.ok')}
                cancelText={t('view.confirmDelete.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutate(dashboard.id, {
                    onSuccess: () => {
                      toast.success(t('server.deleted'));
                      onDeleted();
                    },
                    onError: (error) => toast.error(reason(error, t('view.deleteFailed'))),
                  })
                }
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  {t('view.delete')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

// The Dashboards section of /dashboard: the user's dashboards (their default first) to choose from,
// the one chosen (remembered in the address as ?id=, else the user's default), and a new one.
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDashboard, useDashboards, useDefaultDashboard, useSaveDashboard } from '../dashboards-api.ts';
import { useDashboardMessages } from '../messages.ts';
import { DashboardView } from './dashboard-view.tsx';

function NewDashboardModal({ onDone, onCancel }: { onDone: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const { reason } = useDashboardMessages();
  const toast = useToast();
  const save = useSaveDashboard();
  const [name, setName] = useState('');
  const create = () =>
    save.mutate(
      { name: name.trim(), cards: [], filters: [] },
      {
        onSuccess: (answer) => onDone(answer.data.id),
        onError: (error) => toast.error(reason(error, t('edit.saveFailed'))),
      },
    );
  return (
    <Modal
      open
      title={t('dashboards.new')}
      okText={t('dashboards.create')}
      cancelText={t('add.cancel')}
      okButtonProps={{ disabled: name.trim() === '', loading: save.isPending }}
      onOk={create}
      onCancel={onCancel}
    >
      <label style={{ display: 'grid', gap: 2 }}>
        {t('edit.name')}
        <Input
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => name.trim() !== '' && create()}
        />
      </label>
    </Modal>
  );
}

function ChosenDashboard({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard(id);
  if (dashboard.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (dashboard.isError)
    return (
      <LoadFailedAlert
        title={t('dashboards.loadOneFailed')}
        retryLabel={t('retry')}
        onRetry={() => void dashboard.refetch()}
      />
    );
  // A new dashboard (or another one) starts with its own filter values and edit state.
  return <DashboardView key={`${dashboard.data.id}`} dashboard={dashboard.data} onDeleted={onDeleted} />;
}

export function DashboardsSection() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const list = useDashboards();
  const asked = params.get('id') ?? '';
  const byDefault = useDefaultDashboard(asked === '');
  const items = list.data?.data ?? [];
  // Nothing asked for and no default of the viewer's: the first of the list (the last changed), so
  // the page opens on a dashboard whenever there is one to see.
  const first = asked === '' && byDefault.isSuccess && !byDefault.data ? (items[0]?.id ?? '') : '';
  const chosen = asked || byDefault.data || first;
  const choose = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: false },
    );

  let picker;
  if (list.isPending) picker = <Skeleton.Input active />;
  else if (list.isError)
    picker = (
      <LoadFailedAlert
        title={t('dashboards.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0) picker = <Empty description={t('dashboards.empty')} />;
  else
    picker = (
      <Select
        aria-label={t('dashboards.choose')}
        placeholder={t('dashboards.choose')}
        value={chosen || undefined}
        style={{ minWidth: 240, maxWidth: '100%' }}
        options={items.map((item) => ({
          value: item.id,
          label: item.isDefault ? t('dashboards.defaultName', { name: item.name }) : item.name,
        }))}
        onChange={(id: string) => choose(id)}
      />
    );

  return (
    <section aria-labelledby="dashboards-title" style={{ display: 'grid', gap: token.margin, minWidth: 0 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'center' }}>
        <h2 id="dashboards-title" style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
          {t('dashboards.title')}
        </h2>
        {picker}
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('dashboards.new')}
        </Button>
      </div>
      {chosen ? <ChosenDashboard id={chosen} onDeleted={() => choose(null)} /> : null}
      {creating ? (
        <NewDashboardModal
          onCancel={() => setCreating(false)}
          onDone={(id) => {
            setCreating(false);
            choose(id);
          }}
        />
      ) : null}
    </section>
  );
}

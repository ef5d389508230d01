import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { AppSummary } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useModuleCategories } from '../../module-categories/index.ts';
import { useAppList, useDeleteApp } from '../api.ts';
import { AppTable } from '../components/app-table.tsx';
import { CopyAppModal } from '../components/copy-app-modal.tsx';
import { CreateAppDialog } from '../components/create-app-dialog.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { useFailureText } from '../messages.ts';
import { CREATE_PARAM } from '../paths.ts';

type StatusFilter = 'all' | AppSummary['status'];
/** The group filter: every group, apps without one, or one group by id. */
const ALL_GROUPS = '*';
const NO_GROUP = '-';

/**
 * /form-editor (spec §2, builders): every app (ListForms) with search, group and status filters;
 * open, copy, delete (optimistic, restored on failure) and favourite each one; Create App. The
 * dialog is open while the URL says ?create=1, which is how the sidebar's Create App button opens it.
 */
export function FormEditorListPage() {
  const { t } = useTranslation('applications');
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState(ALL_GROUPS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [copying, setCopying] = useState<Pick<AppSummary, 'id' | 'display_name'> | null>(null);
  const apps = useAppList(search);
  const groups = useModuleCategories();
  const remove = useDeleteApp();
  const creating = params.get(CREATE_PARAM) === '1';

  const setCreating = useCallback(
    (open: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (open) next.set(CREATE_PARAM, '1');
          else next.delete(CREATE_PARAM);
          return next;
        },
        { replace: !open },
      ),
    [setParams],
  );

  const onDelete = (app: AppSummary) =>
    remove.mutate(app.id, {
      onSuccess: () => toast.success(t('deleted', { name: app.display_name })),
      onError: (error) => toast.error(failureText(error, MESSAGES.deleteFailed)),
    });

  const shown = useMemo(
    () =>
      (apps.data ?? []).filter(
        (app) =>
          (status === 'all' || app.status === status) &&
          (group === ALL_GROUPS ||
            (group === NO_GROUP
              ? !app.application_module_category_id
              : app.application_module_category_id === group)),
      ),
    [apps.data, status, group],
  );

  const createButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {t('createApp')}
    </Button>
  );

  let content;
  if (apps.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} data-testid="apps-loading" />;
  } else if (apps.isError) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void apps.refetch()} />
    );
  } else if (apps.data.length === 0 && search === '') {
    content = (
      <Empty description={t('emptyBuilder')} data-testid="apps-empty">
        {createButton}
      </Empty>
    );
  } else {
    content = (
      <AppTable
        apps={shown}
        loading={apps.isFetching && apps.isPlaceholderData}
        onCopy={setCopying}
        onDelete={onDelete}
      />
    );
  }

  return (
    <div style={{ padding: token.paddingLG }} data-testid="form-editor-list-page">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.margin,
          flexWrap: 'wrap',
        }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('listTitle')}</h1>
        {createButton}
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('listIntro')}</p>
      <div
        style={{ display: 'flex', gap: token.margin, flexWrap: 'wrap', marginBottom: token.margin }}
        role="search"
      >
        <SearchBox label={t('search')} onSearch={setSearch} style={{ flex: '1 1 260px', maxWidth: 360 }} />
        <Select
          aria-label={t('filters.group')}
          value={group}
          onChange={setGroup}
          style={{ minWidth: 200 }}
          options={[
            { value: ALL_GROUPS, label: t('filters.allGroups') },
            ...[...(groups.data ?? [])]
              .sort((a, b) => a.order_index - b.order_index)
              .map((item) => ({ value: item.id, label: item.category_name })),
            { value: NO_GROUP, label: t('otherGroup') },
          ]}
        />
        <Select<StatusFilter>
          aria-label={t('filters.status')}
          value={status}
          onChange={setStatus}
          style={{ minWidth: 160 }}
          options={[
            { value: 'all', label: t('filters.allStatuses') },
            { value: 'Draft', label: t('status.draft') },
            { value: 'Published', label: t('status.published') },
          ]}
        />
      </div>
      {content}
      <CreateAppDialog
        open={creating}
        onClose={() => setCreating(false)}
        onStartFrom={(example) => {
          setCreating(false);
          setCopying(example);
        }}
      />
      <CopyAppModal app={copying} onClose={() => setCopying(null)} />
    </div>
  );
}

export default FormEditorListPage;

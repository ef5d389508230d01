import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, type PageSize } from '@formloop/domain';
import type { RecordForm, ScheduleDataTableRequest, ScheduleRow } from '@formloop/contracts';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useScheduleTable } from '../api.ts';
import { AppSwitch } from '../components/app-switch.tsx';
import { ScheduleForm } from '../components/schedule-form.tsx';
import { ScheduleTable } from '../components/schedule-table.tsx';
import { useScheduleCommands } from '../components/use-schedule-commands.ts';
import { SCHEDULER_NAMESPACE } from '../messages.ts';
import { moduleListPath, scheduleEditorPath } from '../paths.ts';

/** /schedule-editor/{moduleId}: the app's schedules, pause/resume and delete, and a New schedule form. */
export function ScheduleListView({ form }: { form: RecordForm }) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const table = useServerTable({ pageSize: DEFAULT_PAGE_SIZE, pageSizes: PAGE_SIZES });
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const { firstPage } = table;
  useEffect(() => firstPage(), [search, firstPage]);

  const list = useScheduleTable({
    module_id: form.id,
    page: table.page,
    length: table.length as PageSize,
    search,
    // The table's sortable columns are the contract's SCHEDULE_SORT_COLUMNS.
    orders: table.orders as ScheduleDataTableRequest['orders'],
  });
  const commands = useScheduleCommands();
  const { setStatus, deleteSchedule } = commands;
  const onSetStatus = useCallback(
    (row: ScheduleRow, status: ScheduleRow['status']) => void setStatus(row.schedule_id, status),
    [setStatus],
  );
  const onDelete = useCallback((row: ScheduleRow) => void deleteSchedule(row.schedule_id), [deleteSchedule]);

  const empty = search ? (
    <Empty description={t('list.noMatches')} />
  ) : (
    <Empty description={t('list.empty')}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        {t('actions.new')}
      </Button>
    </Empty>
  );

  return (
    <div
      style={{ padding: token.paddingLG, display: 'grid', gap: token.marginLG }}
      data-testid="schedule-list"
    >
      <div style={{ display: 'flex', gap: token.margin, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ flex: 1, minWidth: 240 }}>
          <Link to={moduleListPath(form.id)}>
            <ArrowLeftOutlined /> {t('list.back', { app: form.display_name })}
          </Link>
          <h1 style={{ fontSize: token.fontSizeHeading3, margin: `${token.marginXS}px 0 0` }}>
            {t('list.title', { app: form.display_name })}
          </h1>
          <p style={{ color: token.colorTextSecondary, margin: 0 }}>{t('list.description')}</p>
        </div>
        <AppSwitch current={form} />
        {creating ? null : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('actions.new')}
          </Button>
        )}
      </div>
      {creating ? (
        <Card title={t('editor.newTitle')} data-testid="new-schedule">
          <ScheduleForm
            form={form}
            schedule={null}
            onSaved={(saved) => void navigate(scheduleEditorPath(form.id, saved.schedule_id))}
            onCancel={() => setCreating(false)}
          />
        </Card>
      ) : null}
      <Card size="small">
        <div style={{ marginBottom: token.marginSM }}>
          <Input.Search
            type="search"
            role="searchbox"
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            allowClear
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            style={{ maxWidth: 320 }}
          />
        </div>
        {list.isError ? (
          <LoadFailedAlert
            title={t('list.loadFailed')}
            retryLabel={t('actions.retry')}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <ScheduleTable
            moduleId={form.id}
            data={list.data}
            loading={list.isPending || list.isFetching}
            pagination={table.pagination(list.data?.recordsFiltered ?? 0)}
            sortOrderOf={table.sortOrderOf}
            onChange={table.onChange}
            busyId={commands.changing ?? commands.deleting}
            onSetStatus={onSetStatus}
            onDelete={onDelete}
            empty={empty}
          />
        )}
      </Card>
    </div>
  );
}

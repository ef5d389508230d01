import { actionFailureText } from '../../../shared/api/api-error.ts';
import type { TaskRow, TaskTab } from '@formloop/contracts';
import { canUseSettings, SEARCH_DEBOUNCE_MS, type PageSize } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useTaskCall, useTaskTable, type TaskListBody } from '../api.ts';
import { ReassignDialog } from '../components/reassign-dialog.tsx';
import { TaskListToolbar } from '../components/task-list-toolbar.tsx';
import { TaskTable } from '../components/task-table.tsx';
import { useTaskListPosition } from '../lib/list-position.ts';
import { TASKS_NAMESPACE, useTaskMessage } from '../messages.ts';
import { taskEditorPath } from '../paths.ts';

type Order = TaskListBody['orders'][number];

const EMPTY_KEYS: Record<TaskTab, string> = {
  tasks: 'empty.tasks',
  team: 'empty.team',
  completed: 'empty.completed',
};

/**
 * /tasks (spec §2): the caller's open tasks, their teams' and the ones they completed. The tab, page,
 * app filter and page size are remembered for the session (Home resets them); opening a row opens
 * the task on its entry.
 */
export function TaskListPage() {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const toast = useToast();
  const translate = useTaskMessage();
  const { config } = useAuth();
  const [position, update] = useTaskListPosition();
  const { tab, page, length, moduleId } = position;
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [orders, setOrders] = useState<Order[]>([]);
  const typed = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // The search is sent 500 ms after typing stops (spec §9); a new search starts at page 1. Only a
  // change of what was typed does: the first run must not undo the remembered page.
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    setSearch(typed);
    update({ page: 1 });
  }, [typed, update]);

  const body = useMemo<TaskListBody>(
    () => ({ page, length, search, orders, ...(moduleId ? { moduleId } : {}) }),
    [page, length, search, orders, moduleId],
  );
  const rows = useTaskTable(tab, body);

  // A remembered page past the end (tasks were done meanwhile): show the last page there is.
  const filtered = rows.data?.recordsFiltered;
  const shown = rows.data?.data.length;
  useEffect(() => {
    if (rows.isPlaceholderData || filtered === undefined || shown !== 0 || page === 1) return;
    update({ page: Math.max(1, Math.ceil(filtered / length)) });
  }, [rows.isPlaceholderData, filtered, shown, page, length, update]);

  // Selection belongs to the page it was made on: another page, tab or filter starts empty.
  const selectionKey = `${tab}:${JSON.stringify(body)}`;
  const [selection, setSelection] = useState<{ key: string; rows: TaskRow[] }>({ key: '', rows: [] });
  const selected = selection.key === selectionKey ? selection.rows : [];
  const canReassign = config !== null && canUseSettings(config) && tab !== 'completed';
  const [reassigning, setReassigning] = useState(false);
  const reassign = useTaskCall(selected.map((row) => row.record_id));

  const reassignSelected = async (values: { assignTo: string; message?: string }) => {
    const taskIds = selected.map((row) => row.id);
    try {
      await reassign.mutateAsync({ kind: 'reassignTasks', body: { taskIds, ...values } });
      toast.success(t('toasts.reassignedMany', { count: taskIds.length }));
      setReassigning(false);
      setSelection({ key: '', rows: [] });
    } catch (error) {
      const text = actionFailureText(error, translate, t('toasts.actionFailed'));
      if (text) toast.error(text);
    }
  };

  const narrowed = search !== '' || moduleId !== null;
  const clearFilters = () => {
    setSearchText('');
    setSearch('');
    update({ moduleId: null, page: 1 });
  };
  const empty = narrowed ? (
    <Empty description={t('empty.noMatches')} data-testid="tasks-no-matches">
      <Button onClick={clearFilters}>{t('empty.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty description={t(EMPTY_KEYS[tab])} data-testid="tasks-empty" />
  );

  let content;
  if (rows.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} data-testid="tasks-loading" />;
  } else if (rows.isError) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void rows.refetch()} />
    );
  } else {
    content = (
      <TaskTable
        tab={tab}
        data={rows.data}
        loading={rows.isFetching}
        page={page}
        length={length}
        orders={orders}
        onPage={(next, size) => update({ page: next, length: size as PageSize })}
        onSort={(next) => {
          setOrders(next);
          update({ page: 1 });
        }}
        selection={
          canReassign
            ? {
                ids: selected.map((row) => row.id),
                onChange: (_ids, picked) => setSelection({ key: selectionKey, rows: picked }),
              }
            : undefined
        }
        onOpen={(row) => void navigate(taskEditorPath(row.module_id, row.record_id, row.id))}
        empty={empty}
      />
    );
  }

  return (
    <div
      style={{
        padding: token.paddingLG,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: token.margin,
      }}
      data-testid="task-list-page"
    >
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key as TaskTab, page: 1 })}
        items={[
          { key: 'tasks', label: t('tabs.tasks') },
          { key: 'team', label: t('tabs.team') },
          { key: 'completed', label: t('tabs.completed') },
        ]}
      />
      <div>
        <TaskListToolbar
          search={searchText}
          onSearch={setSearchText}
          moduleId={moduleId}
          onModule={(next) => update({ moduleId: next, page: 1 })}
          onReassignSelected={canReassign ? () => setReassigning(true) : undefined}
          selectedCount={selected.length}
        />
        {content}
      </div>
      {canReassign && selected[0] ? (
        <ReassignDialog
          open={reassigning}
          recordId={selected[0].record_id}
          count={selected.length}
          busy={reassign.isPending}
          onSubmit={(values) => void reassignSelected(values)}
          onCancel={() => setReassigning(false)}
        />
      ) : null}
    </div>
  );
}

export default TaskListPage;

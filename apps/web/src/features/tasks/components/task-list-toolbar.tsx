import UserSwitchOutlined from '@ant-design/icons/es/icons/UserSwitchOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplications } from '../../applications/index.ts';
import { TASKS_NAMESPACE } from '../messages.ts';

export interface TaskListToolbarProps {
  search: string;
  onSearch(text: string): void;
  moduleId: string | null;
  onModule(moduleId: string | null): void;
  /** Settings roles on the open-task tabs: hand the selected tasks to someone (reassigntasks). */
  onReassignSelected?: () => void;
  selectedCount: number;
}

/** Search (sent 500 ms after typing stops), the app filter, and the bulk reassign. */
export function TaskListToolbar(props: TaskListToolbarProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const { token } = theme.useToken();
  const apps = useApplications();
  const options = useMemo(
    () => (apps.data ?? []).map((app) => ({ value: app.id, label: app.display_name })),
    [apps.data],
  );
  return (
    <div
      data-testid="task-toolbar"
      style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, marginBottom: token.margin }}
    >
      <Input.Search
        allowClear
        aria-label={t('toolbar.search')}
        placeholder={t('toolbar.search')}
        value={props.search}
        maxLength={200}
        onChange={(event) => props.onSearch(event.target.value)}
        style={{ flex: '1 1 240px', maxWidth: 360 }}
      />
      <Select<string>
        allowClear
        aria-label={t('toolbar.app')}
        placeholder={t('toolbar.allApps')}
        value={props.moduleId ?? undefined}
        onChange={(value) => props.onModule(value ?? null)}
        options={options}
        loading={apps.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={t('toolbar.noApps')}
        style={{ flex: '0 1 240px', minWidth: 180 }}
      />
      <span style={{ flex: 1 }} />
      {props.onReassignSelected ? (
        <Button
          icon={<UserSwitchOutlined aria-hidden />}
          disabled={props.selectedCount === 0}
          onClick={props.onReassignSelected}
        >
          {t('toolbar.reassignSelected', { count: props.selectedCount })}
        </Button>
      ) : null}
    </div>
  );
}

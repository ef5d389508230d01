import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDataEntryApps } from '../api.ts';
import { SCHEDULER_NAMESPACE } from '../messages.ts';
import { scheduleListPath } from '../paths.ts';

/**
 * The scheduler's app choice: the apps the caller may enter data into (dataentrylookup), so a
 * schedule can be made for another one without going through its entries. Shown only when there is
 * another app to choose; a failed lookup leaves the page as it is.
 */
export function AppSwitch({ current }: { current: { id: string; display_name: string } }) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const apps = useDataEntryApps();
  const options = (apps.data ?? []).map((app) => ({ value: app.module_id, label: app.display_name }));
  if (!options.some((option) => option.value === current.id)) {
    options.unshift({ value: current.id, label: current.display_name });
  }
  if (options.length < 2) return null;
  return (
    <div style={{ display: 'grid', gap: token.marginXXS, minWidth: 200, maxWidth: '100%' }}>
      <label htmlFor="schedule-app-switch">{t('list.appSwitch')}</label>
      <Select
        id="schedule-app-switch"
        showSearch={{ optionFilterProp: 'label' }}
        value={current.id}
        options={options}
        onChange={(id: string) => {
          if (id !== current.id) void navigate(scheduleListPath(id));
        }}
        style={{ width: '100%' }}
      />
    </div>
  );
}

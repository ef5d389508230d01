import { FIELD_CATALOGUE } from '@formloop/domain';
import { useTranslation } from 'react-i18next';
import { SettingGroup, SettingSwitch, type SettingsGroupProps } from './setting-field.tsx';

/** Dates default to today, date-times and times to now, when the flag is on. */
export function DateSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const settings = FIELD_CATALOGUE[field.fieldType].settings;
  return (
    <SettingGroup title={t('settings.groups.dateTime')} testId="settings-date">
      {settings.includes('today') ? (
        <SettingSwitch
          id="setting-today"
          label={t('settings.today')}
          checked={field.today === true}
          onChange={(today) => update({ today })}
        />
      ) : null}
      {settings.includes('now') ? (
        <SettingSwitch
          id="setting-now"
          label={t('settings.now')}
          checked={field.now === true}
          onChange={(now) => update({ now })}
        />
      ) : null}
    </SettingGroup>
  );
}

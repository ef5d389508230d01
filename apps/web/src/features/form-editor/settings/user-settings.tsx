import { useTranslation } from 'react-i18next';
import { SettingGroup, SettingSwitch, type SettingsGroupProps } from './setting-field.tsx';

/** Whether a user field takes one person or several. */
export function UserSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  return (
    <SettingGroup title={t('settings.groups.user')} testId="settings-user">
      <SettingSwitch
        id="setting-user-multiple"
        label={t('settings.multiUserSelected')}
        checked={field.multiUserSelected === true}
        onChange={(multiUserSelected) => update({ multiUserSelected })}
      />
    </SettingGroup>
  );
}

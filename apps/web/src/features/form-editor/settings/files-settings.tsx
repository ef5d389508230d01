import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

export const MAX_FILE_SIZE_MB = 100;

/** Which files an upload field takes (extensions) and how large they may be. */
export function FilesSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  return (
    <SettingGroup title={t('settings.groups.files')} testId="settings-files">
      <SettingField id="setting-files-accept" label={t('settings.accept')} help={t('settings.acceptHelp')}>
        <Input
          id="setting-files-accept"
          placeholder=".pdf,.png"
          value={field.accept ?? ''}
          onChange={(event) => update({ accept: event.target.value })}
        />
      </SettingField>
      <SettingField id="setting-files-size" label={t('settings.maxSizeMb')}>
        <InputNumber
          id="setting-files-size"
          min={1}
          max={MAX_FILE_SIZE_MB}
          value={field.maxSizeMb ?? 25}
          onChange={(value) => (typeof value === 'number' ? update({ maxSizeMb: value }) : undefined)}
        />
      </SettingField>
    </SettingGroup>
  );
}

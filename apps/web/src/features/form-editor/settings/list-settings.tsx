import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useReferenceLists } from '../../reference-data/index.ts';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

/** Dropdowns, checklists and reference multi-selects take their options from a reference list. */
export function ListSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const lists = useReferenceLists();
  return (
    <SettingGroup title={t('settings.groups.list')} testId="settings-list">
      <SettingField
        id="setting-list"
        label={t('settings.listToUse')}
        error={lists.isError ? t('settings.listsFailed') : null}
      >
        <Select
          id="setting-list"
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          loading={lists.isPending}
          placeholder={t('settings.chooseList')}
          value={field.listToUse || undefined}
          onChange={(listToUse?: string) => update({ listToUse: listToUse ?? '' })}
          options={(lists.data ?? []).map((list) => ({ value: list.id, label: list.key_name }))}
        />
      </SettingField>
    </SettingGroup>
  );
}

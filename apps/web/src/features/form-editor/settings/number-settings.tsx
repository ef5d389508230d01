import { NUMBER_FORMATS, type NumberFormat } from '@formloop/domain';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

export const MAX_DECIMAL_PLACES = 10;

/**
 * Number display: decimal places (empty = as typed, or a limit of 0–10 that refuses more with a
 * message, never rounds) and format (None, Thousands, Currency, Percentage).
 */
export function NumberSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  return (
    <SettingGroup title={t('settings.groups.number')} testId="settings-number">
      <SettingField
        id="setting-decimals"
        label={t('settings.decimalPlaces')}
        help={t('settings.decimalPlacesHint')}
      >
        <InputNumber
          id="setting-decimals"
          aria-describedby="setting-decimals-help"
          min={0}
          max={MAX_DECIMAL_PLACES}
          precision={0}
          placeholder={t('settings.decimalPlacesAny')}
          value={field.decimalPlaces ?? null}
          onChange={(value) => update({ decimalPlaces: typeof value === 'number' ? value : undefined })}
        />
      </SettingField>
      <SettingField id="setting-format" label={t('settings.format')}>
        <Select<NumberFormat>
          id="setting-format"
          value={field.format ?? 'None'}
          onChange={(format) => update({ format })}
          options={NUMBER_FORMATS.map((format) => ({ value: format, label: t(`numberFormats.${format}`) }))}
        />
      </SettingField>
    </SettingGroup>
  );
}

import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

export const MAX_RATING = 10;

/** How many stars a rating has (1–10). */
export function RatingSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  return (
    <SettingGroup title={t('settings.groups.rating')} testId="settings-rating">
      <SettingField id="setting-rating-max" label={t('settings.maxRating')}>
        <InputNumber
          id="setting-rating-max"
          min={1}
          max={MAX_RATING}
          precision={0}
          value={field.maxRating ?? 5}
          onChange={(value) => (typeof value === 'number' ? update({ maxRating: value }) : undefined)}
        />
      </SettingField>
    </SettingGroup>
  );
}

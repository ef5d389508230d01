import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

/** The slider's range and step; the minimum must stay below the maximum. */
export function SliderSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const min = field.minValue ?? 0;
  const max = field.maxValue ?? 100;
  const interval = field.intervalSize ?? 1;
  const rangeBroken = !(min < max);
  const intervalBroken = !rangeBroken && !(interval > 0 && interval <= max - min);
  const number = (value: number | string | null) => (typeof value === 'number' ? value : undefined);
  return (
    <SettingGroup title={t('settings.groups.slider')} testId="settings-slider">
      <SettingField id="setting-slider-min" label={t('settings.slider.minValue')}>
        <InputNumber
          id="setting-slider-min"
          value={min}
          onChange={(value) => update({ minValue: number(value) ?? 0 })}
        />
      </SettingField>
      <SettingField
        id="setting-slider-max"
        label={t('settings.slider.maxValue')}
        error={rangeBroken ? t('issues.sliderRange') : null}
      >
        <InputNumber
          id="setting-slider-max"
          value={max}
          status={rangeBroken ? 'error' : undefined}
          onChange={(value) => update({ maxValue: number(value) ?? 0 })}
        />
      </SettingField>
      <SettingField
        id="setting-slider-interval"
        label={t('settings.slider.intervalSize')}
        error={intervalBroken ? t('issues.sliderInterval', { range: max - min }) : null}
      >
        <InputNumber
          id="setting-slider-interval"
          min={0}
          value={interval}
          status={intervalBroken ? 'error' : undefined}
          onChange={(value) => update({ intervalSize: number(value) ?? 1 })}
        />
      </SettingField>
    </SettingGroup>
  );
}

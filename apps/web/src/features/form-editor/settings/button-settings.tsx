import type { ButtonSettings as ButtonOptions } from '@formloop/domain';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingGroup, SettingSwitch, type SettingsGroupProps } from './setting-field.tsx';

export const RENDER_TYPES = ['text', 'html', 'table', 'json'] as const;

const EMPTY_BUTTON: ButtonOptions = {
  submitAllFields: false,
  showAsLink: false,
  renderType: 'text',
  renderTarget: '',
  showInModal: false,
};

/** Spec §3 extra button settings: what the button sends and where its answer shows. */
export function ButtonSettings({ field, update, otherFields }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const button = { ...EMPTY_BUTTON, ...field.button };
  const set = (patch: Partial<ButtonOptions>) => update({ button: { ...button, ...patch } });
  return (
    <SettingGroup title={t('settings.groups.button')} testId="settings-button">
      <SettingSwitch
        id="setting-button-submit-all"
        label={t('settings.button.submitAllFields')}
        checked={button.submitAllFields}
        onChange={(submitAllFields) => set({ submitAllFields })}
      />
      <SettingSwitch
        id="setting-button-link"
        label={t('settings.button.showAsLink')}
        checked={button.showAsLink}
        onChange={(showAsLink) => set({ showAsLink })}
      />
      <SettingField id="setting-button-render-type" label={t('settings.button.renderType')}>
        <Select
          id="setting-button-render-type"
          value={button.renderType}
          onChange={(renderType: ButtonOptions['renderType']) => set({ renderType })}
          options={RENDER_TYPES.map((type) => ({
            value: type,
            label: t(`settings.button.renderTypes.${type}`),
          }))}
        />
      </SettingField>
      <SettingField
        id="setting-button-target"
        label={t('settings.button.renderTarget')}
        help={t('settings.button.renderTargetHelp')}
      >
        <Select
          id="setting-button-target"
          allowClear
          value={button.renderTarget || undefined}
          onChange={(renderTarget?: string) => set({ renderTarget: renderTarget ?? '' })}
          options={otherFields.map((other) => ({ value: other.name, label: other.label || other.name }))}
        />
      </SettingField>
      <SettingSwitch
        id="setting-button-modal"
        label={t('settings.button.showInModal')}
        checked={button.showInModal}
        onChange={(showInModal) => set({ showInModal })}
      />
    </SettingGroup>
  );
}

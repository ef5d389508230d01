import { fieldValueType } from '@formloop/domain';
import { useTranslation } from 'react-i18next';
import { FormulaInput } from '../formula/formula-input.tsx';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

/** A calculation field's formula, checked as it is typed against the other fields and this type's value kind. */
export function FormulaSettings({ field, update, formulaFields }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  return (
    <SettingGroup title={t('settings.groups.formula')} testId="settings-formula">
      <SettingField id="setting-formula" label={t('settings.formula')} help={t('settings.formulaHelp')}>
        <FormulaInput
          id="setting-formula"
          aria-describedby="setting-formula-help"
          value={field.formula}
          onChange={(formula) => update({ formula })}
          fields={formulaFields}
          expected={fieldValueType(field.fieldType)}
        />
      </SettingField>
    </SettingGroup>
  );
}

import { FIELD_CATALOGUE, GRID_COLUMNS } from '@formloop/domain';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { machineNameProblem } from '../state/local-issues.ts';
import { DefaultValueInput } from './default-value-input.tsx';
import { SettingField, SettingSwitch, type SettingsGroupProps } from './setting-field.tsx';

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/**
 * The settings every field has: label, machine name (checked live: format, reserved, taken), required,
 * help text, and — where the type has them — placeholder, default value and pattern; then width and
 * disabled.
 */
export function CommonSettings({
  field,
  update,
  otherFields,
  onResize,
}: SettingsGroupProps & { onResize(width: number): void }) {
  const { t } = useTranslation('formEditor');
  const settings = FIELD_CATALOGUE[field.fieldType].settings;
  const taken = useMemo(() => new Set(otherFields.map((other) => other.name)), [otherFields]);
  const nameProblem = machineNameProblem(field.name, taken);
  const regexBroken = field.regex !== '' && !compiles(field.regex);

  return (
    <>
      <SettingField id="setting-label" label={t('settings.label')}>
        <Input
          id="setting-label"
          value={field.fieldName}
          onChange={(event) => update({ fieldName: event.target.value })}
        />
      </SettingField>
      <SettingField
        id="setting-name"
        label={t('settings.name')}
        help={t('settings.nameHelp', { ref: `{${field.name}}` })}
        error={nameProblem ? t(`issues.${nameProblem}`, { name: field.name }) : null}
      >
        <Input
          id="setting-name"
          value={field.name}
          status={nameProblem ? 'error' : undefined}
          aria-invalid={nameProblem !== null}
          aria-describedby={nameProblem ? 'setting-name-error' : 'setting-name-help'}
          onChange={(event) => update({ name: event.target.value })}
          spellCheck={false}
        />
      </SettingField>
      <SettingSwitch
        id="setting-required"
        label={t('settings.required')}
        checked={field.required}
        onChange={(required) => update({ required })}
      />
      <SettingField id="setting-help" label={t('settings.helpText')}>
        <Input.TextArea
          id="setting-help"
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={field.helpText}
          onChange={(event) => update({ helpText: event.target.value })}
        />
      </SettingField>
      {settings.includes('placeholder') ? (
        <SettingField id="setting-placeholder" label={t('settings.placeholder')}>
          <Input
            id="setting-placeholder"
            value={field.placeholder ?? ''}
            onChange={(event) => update({ placeholder: event.target.value })}
          />
        </SettingField>
      ) : null}
      {settings.includes('defaultValue') ? (
        <SettingField id="setting-default" label={t('settings.defaultValue')}>
          <DefaultValueInput id="setting-default" field={field} onChange={(value) => update({ value })} />
        </SettingField>
      ) : null}
      {settings.includes('regex') ? (
        <SettingField
          id="setting-regex"
          label={t('settings.regex')}
          help={t('settings.regexHelp')}
          error={regexBroken ? t('issues.invalidRegex') : null}
        >
          <Input
            id="setting-regex"
            value={field.regex}
            status={regexBroken ? 'error' : undefined}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            onChange={(event) => update({ regex: event.target.value })}
          />
        </SettingField>
      ) : null}
      <SettingField
        id="setting-width"
        label={t('settings.columnWidth')}
        help={t('settings.columnWidthHelp', { max: GRID_COLUMNS })}
      >
        <InputNumber
          id="setting-width"
          min={1}
          max={GRID_COLUMNS}
          precision={0}
          value={field.columnWidth}
          onChange={(value) => (typeof value === 'number' ? onResize(value) : undefined)}
        />
      </SettingField>
      <SettingSwitch
        id="setting-disabled"
        label={t('settings.disabled')}
        checked={field.disabled === true}
        onChange={(disabled) => update({ disabled })}
      />
    </>
  );
}

import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { FormulaInput } from '../formula/formula-input.tsx';
import { SettingField, SettingGroup, type SettingsGroupProps } from './setting-field.tsx';

/** A sequence's counter needs a run of zeros in braces, e.g. 'INV-{YYYY}-{0000}'. */
const SEQUENCE_COUNTER = /\{0+\}/;
export const MAX_SEQUENCE_STEP = 1000;

/** Sequence numbers: the format, the step between two numbers and an optional formula. */
export function SequenceSettings({ field, update, formulaFields }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const format = field.sequenceFormat ?? '';
  const broken = !SEQUENCE_COUNTER.test(format);
  return (
    <SettingGroup title={t('settings.groups.sequence')} testId="settings-sequence">
      <SettingField
        id="setting-sequence-format"
        label={t('settings.sequenceFormat')}
        help={t('settings.sequenceFormatHelp')}
        error={broken ? t('issues.sequenceFormat') : null}
      >
        <Input
          id="setting-sequence-format"
          placeholder="INV-{YYYY}-{0000}"
          spellCheck={false}
          status={broken ? 'error' : undefined}
          value={format}
          onChange={(event) => update({ sequenceFormat: event.target.value })}
        />
      </SettingField>
      <SettingField id="setting-sequence-step" label={t('settings.stepSequence')}>
        <InputNumber
          id="setting-sequence-step"
          min={1}
          max={MAX_SEQUENCE_STEP}
          precision={0}
          value={field.stepSequence ?? 1}
          onChange={(value) => (typeof value === 'number' ? update({ stepSequence: value }) : undefined)}
        />
      </SettingField>
      <SettingField
        id="setting-sequence-formula"
        label={t('settings.sequenceFormula')}
        help={t('settings.sequenceFormulaHelp')}
      >
        <FormulaInput
          id="setting-sequence-formula"
          aria-describedby="setting-sequence-formula-help"
          value={field.formula}
          onChange={(formula) => update({ formula })}
          fields={formulaFields}
          expected="text"
        />
      </SettingField>
    </SettingGroup>
  );
}

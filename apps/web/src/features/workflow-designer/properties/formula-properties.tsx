import { fieldValueType } from '@formloop/domain';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { FormulaInput } from '../../form-editor/components.ts';
import { fieldLabel } from '../model/form-fields.ts';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { readText } from '../model/properties.ts';
import { propertyInputId, type KindPropertiesProps } from './kind-properties-props.ts';

/** Decision: a formula over the record's fields that yields true or false (packages/formula). */
export function DecisionProperties({ activity, formFields, setProps }: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const id = propertyInputId('condition');
  return (
    <Form.Item
      label={t('properties.condition')}
      htmlFor={id}
      extra={<span id={`${id}-help`}>{t('properties.conditionHelp')}</span>}
    >
      <FormulaInput
        id={id}
        aria-describedby={`${id}-help`}
        value={readText(activity, 'condition')}
        onChange={(condition) => setProps({ condition }, 'condition')}
        fields={formFields.formulaFields}
        expected="boolean"
      />
    </Form.Item>
  );
}

/** SetField: which field of the record to write, and the formula whose value it gets. */
export function SetFieldProperties({ activity, formFields, setProps }: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const fieldId = propertyInputId('field');
  const valueId = propertyInputId('value');
  const name = readText(activity, 'field');
  const field = formFields.fields.find((candidate) => candidate.name === name);
  const options = formFields.fields.map((candidate) => ({
    value: candidate.name,
    label: fieldLabel(candidate),
  }));
  // A field that was renamed or deleted since stays visible, so the builder sees what to fix.
  if (name && !field) options.unshift({ value: name, label: t('properties.missingField', { name }) });
  return (
    <>
      <Form.Item label={t('properties.field')} htmlFor={fieldId}>
        <Select<string>
          id={fieldId}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('properties.fieldPlaceholder')}
          value={name || undefined}
          options={options}
          onChange={(next) => setProps({ field: next })}
          notFoundContent={t('properties.noFields')}
        />
      </Form.Item>
      <Form.Item
        label={t('properties.value')}
        htmlFor={valueId}
        extra={<span id={`${valueId}-help`}>{t('properties.valueHelp')}</span>}
      >
        <FormulaInput
          id={valueId}
          aria-describedby={`${valueId}-help`}
          value={readText(activity, 'value')}
          onChange={(value) => setProps({ value }, 'value')}
          fields={formFields.formulaFields}
          expected={field ? fieldValueType(field.fieldType) : undefined}
        />
      </Form.Item>
    </>
  );
}

import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useReferenceValues } from '../../reference-data/index.ts';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

/** The values of the field's reference list (listToUse), in the list's order. */
function useListOptions(listId: string | undefined) {
  const query = useReferenceValues(listId || undefined);
  const options = (query.data ?? []).map((row) => ({ value: row.value, label: row.value }));
  return { options, loading: Boolean(listId) && query.isPending, failed: query.isError };
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => asText(item)) : value ? [asText(value)] : [];

export function DropdownControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const { options, loading, failed } = useListOptions(props.field.listToUse);
  if (props.readOnly) return <ReadOnlyValue control={props} text={asText(props.value)} />;
  return (
    <Select
      {...a11y(props)}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      value={
        props.value === null || props.value === undefined || props.value === ''
          ? undefined
          : asText(props.value)
      }
      placeholder={props.field.placeholder || t(failed ? 'choice.loadFailed' : 'choice.placeholder')}
      status={props.invalid ? 'error' : undefined}
      notFoundContent={t(props.field.listToUse ? 'choice.empty' : 'choice.noList')}
      onChange={(next: string | undefined) => props.onChange(next ?? null)}
    />
  );
}

export function MultiReferenceControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const { options, loading, failed } = useListOptions(props.field.listToUse);
  const values = asList(props.value);
  if (props.readOnly) return <ReadOnlyValue control={props} text={values.join(', ')} />;
  return (
    <Select
      {...a11y(props)}
      mode="multiple"
      style={{ width: '100%' }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      value={values}
      placeholder={props.field.placeholder || t(failed ? 'choice.loadFailed' : 'choice.placeholderMany')}
      status={props.invalid ? 'error' : undefined}
      notFoundContent={t(props.field.listToUse ? 'choice.empty' : 'choice.noList')}
      onChange={(next: string[]) => props.onChange(next)}
    />
  );
}

export function ChecklistControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const { options, loading, failed } = useListOptions(props.field.listToUse);
  const note = loading
    ? t('choice.loading')
    : failed
      ? t('choice.loadFailed')
      : options.length === 0
        ? t(props.field.listToUse ? 'choice.empty' : 'choice.noList')
        : null;
  return (
    <div
      id={props.id}
      role="group"
      aria-label={props.label}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
    >
      {note ? <span style={{ opacity: 0.65 }}>{note}</span> : null}
      <Checkbox.Group
        options={options}
        value={asList(props.value)}
        disabled={props.readOnly}
        onChange={(next) => props.onChange(next.map((item) => String(item)))}
      />
    </div>
  );
}

import type { KeyValue } from '@formloop/domain';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyValueRows } from '../../form-editor/components.ts';
import { DURATION_PRESETS } from '../model/durations.ts';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { HTTP_METHODS, readHeaders, readJoinMode, readMethod, readText } from '../model/properties.ts';
import { propertyInputId, type KindPropertiesProps } from './kind-properties-props.ts';

/** A text property with its label; typing in it is one undo step. */
function TextProperty({
  property,
  label,
  multiline,
  help,
  activity,
  setProps,
}: Pick<KindPropertiesProps, 'activity' | 'setProps'> & {
  property: string;
  /** The label's key under properties (default: the property's name). */
  label?: string;
  multiline?: boolean;
  help?: string;
}) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const id = propertyInputId(property);
  const common = {
    id,
    value: readText(activity, property),
    'aria-describedby': help ? `${id}-help` : undefined,
  };
  return (
    <Form.Item
      label={t(`properties.${label ?? property}`)}
      htmlFor={id}
      extra={help ? <span id={`${id}-help`}>{help}</span> : undefined}
    >
      {multiline ? (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 3, maxRows: 10 }}
          onChange={(event) => setProps({ [property]: event.target.value }, property)}
        />
      ) : (
        <Input {...common} onChange={(event) => setProps({ [property]: event.target.value }, property)} />
      )}
    </Form.Item>
  );
}

export function SendEmailProperties(props: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  return (
    <>
      <TextProperty {...props} property="to" help={t('properties.toHelp')} />
      <TextProperty {...props} property="subject" />
      <TextProperty {...props} property="body" multiline help={t('properties.bodyHelp')} />
    </>
  );
}

const toRows = (headers: Record<string, string>): KeyValue[] =>
  Object.entries(headers).map(([key, value]) => ({ key, value }));
const fromRows = (rows: KeyValue[]): Record<string, string> =>
  Object.fromEntries(rows.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]));

/**
 * HTTP request headers. The definition stores an object, which cannot hold a row whose name is
 * still being typed (or two rows with one name), so the rows live here and are written through.
 */
function HeaderRows({ activity, setProps }: Pick<KindPropertiesProps, 'activity' | 'setProps'>) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const stored = readHeaders(activity);
  const [rows, setRows] = useState(() => toRows(stored));
  const storedText = JSON.stringify(stored);
  // Undo (or anything else) that changes the stored headers wins over the rows shown.
  useEffect(() => {
    setRows((current) =>
      JSON.stringify(fromRows(current)) === storedText
        ? current
        : toRows(JSON.parse(storedText) as Record<string, string>),
    );
  }, [storedText]);
  return (
    <Form.Item>
      <KeyValueRows
        id={propertyInputId('headers')}
        title={t('properties.headers')}
        rows={rows}
        onChange={(next) => {
          setRows(next);
          setProps({ headers: fromRows(next) }, 'headers');
        }}
      />
    </Form.Item>
  );
}

export function HttpRequestProperties(props: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const methodId = propertyInputId('method');
  return (
    <>
      <TextProperty {...props} property="url" help={t('properties.urlHelp')} />
      <Form.Item label={t('properties.method')} htmlFor={methodId}>
        <Select
          id={methodId}
          value={readMethod(props.activity)}
          options={HTTP_METHODS.map((method) => ({ value: method, label: method }))}
          onChange={(method) => props.setProps({ method })}
        />
      </Form.Item>
      <HeaderRows key={props.activity.activityId} activity={props.activity} setProps={props.setProps} />
      <TextProperty {...props} property="body" label="requestBody" multiline />
    </>
  );
}

export function TimerProperties({ activity, issues, setProps }: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const id = propertyInputId('duration');
  const invalid = issues.some((issue) => issue.code === 'missing-property' && issue.detail === 'duration');
  return (
    <Form.Item
      label={t('properties.duration')}
      htmlFor={id}
      validateStatus={invalid ? 'error' : undefined}
      help={
        <span id={`${id}-help`}>
          {invalid ? t('properties.durationInvalid') : t('properties.durationHelp')}
        </span>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          id={id}
          aria-describedby={`${id}-help`}
          aria-invalid={invalid || undefined}
          value={readText(activity, 'duration')}
          onChange={(event) => setProps({ duration: event.target.value }, 'duration')}
        />
        <Space wrap role="group" aria-label={t('properties.durationPresets')}>
          {DURATION_PRESETS.map((preset) => (
            <Button key={preset} size="small" onClick={() => setProps({ duration: preset })}>
              {t(`durations.${preset}`)}
            </Button>
          ))}
        </Space>
      </Space>
    </Form.Item>
  );
}

export function JoinProperties({ activity, setProps }: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  return (
    <Form.Item label={t('properties.mode')}>
      <Radio.Group
        aria-label={t('properties.mode')}
        value={readJoinMode(activity)}
        onChange={(event) => setProps({ mode: event.target.value as string })}
        options={[
          { value: 'WaitAll', label: t('properties.modes.WaitAll') },
          { value: 'WaitAny', label: t('properties.modes.WaitAny') },
        ]}
      />
    </Form.Item>
  );
}

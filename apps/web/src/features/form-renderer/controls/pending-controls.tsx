import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';

// Lookups and external calls need a running app (records of another app, a server-side proxy), so
// the form editor's preview shows where they will be and what they do, without running them.

const shown = (value: unknown) =>
  Array.isArray(value) ? value.map(asText).join(', ') : typeof value === 'object' ? '' : asText(value);

export function LookupPlaceholder(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  return (
    <Input
      {...a11y(props)}
      disabled
      value={shown(props.value)}
      prefix={<SearchOutlined aria-hidden />}
      placeholder={t('pending.lookup')}
    />
  );
}

export function ExternalPlaceholder(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  return (
    <Input
      {...a11y(props)}
      disabled
      value={shown(props.value)}
      prefix={<ApiOutlined aria-hidden />}
      placeholder={t('pending.external')}
    />
  );
}

export function ButtonPlaceholder(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const link = Boolean(props.field.button?.showAsLink);
  return (
    <Button
      id={props.id}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      disabled
      type={link ? 'link' : 'default'}
      icon={<ApiOutlined aria-hidden />}
      title={t('pending.button')}
    >
      {props.label}
    </Button>
  );
}

import ExclamationCircleOutlined from '@ant-design/icons/es/icons/ExclamationCircleOutlined';
import { fieldValueType, type FieldType } from '@formloop/domain';
import Tooltip from 'antd/es/tooltip';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  storedOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { translateFormulaError } from '../formula-errors.ts';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { formatStored } from '@formloop/domain';
import { TIME_FORMAT } from '../renderer-model.ts';
import { asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';
import { storedUserIds, useUserNames } from './user-control.tsx';

// Ids are at most 64 characters (UserLookup's limit); a longer computed text is no user id.
const userIdsOf = (props: ControlProps): string[] =>
  props.field.fieldType === 'calculation-user'
    ? storedUserIds(props.value).filter((id) => id.length <= 64)
    : [];

/** A computed value as people read it, by the value type of its calculation type. */
export function formatComputed(
  props: Pick<ControlProps, 'field' | 'value'>,
  t: TFunction,
  language?: string,
): string {
  const { field, value } = props;
  if (value === null || value === undefined || value === '') return '';
  switch (fieldValueType(field.fieldType as FieldType)) {
    case 'number':
      return formatStored(value, field.format, field.decimalPlaces, false, language) || asText(value);
    case 'date':
      return formatDate(asText(value), 'date') || asText(value);
    case 'datetime':
      return formatDate(asText(value), 'datetime') || asText(value);
    case 'time': {
      const time = dayjs(asText(value), TIME_FORMAT, true);
      return time.isValid() ? time.format(storedOrganizationPreference().time_format) : asText(value);
    }
    case 'boolean':
      return t(value === true ? 'calculation.yes' : 'calculation.no');
    default:
      if (Array.isArray(value)) return value.map(asText).join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : asText(value);
  }
}

/** A calculation field: read-only, its value computed live from its formula; a failure shows why. */
export function CalculationControl(props: ControlProps) {
  const { t, i18n } = useTranslation(FORM_RENDERER_NAMESPACE);
  const error = props.formulaError;
  const message = error ? translateFormulaError(t, error) : null;
  // A computed user shows the person's name, as user fields do.
  const userIds = userIdsOf(props);
  const users = useUserNames(userIds);
  const text =
    userIds.length > 0
      ? userIds.map((id) => users.names.find((user) => user.value === id)?.label ?? id).join(', ')
      : formatComputed(props, t, i18n.language);
  return (
    <ReadOnlyValue
      control={props}
      text={text}
      suffix={
        message ? (
          <Tooltip title={message}>
            <ExclamationCircleOutlined
              role="img"
              aria-label={t('calculation.failed', { message })}
              style={{ color: 'var(--ant-color-error, #ff4d4f)' }}
            />
          </Tooltip>
        ) : null
      }
    />
  );
}

import { DEFAULT_SEQUENCE_FORMAT, formatSequenceNumber } from '@formloop/domain';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

/**
 * What the first number of a sequence format looks like, exactly as the server will write it
 * (formatSequenceNumber: date tokens in UTC, {0000} as the padded counter).
 */
export function previewSequence(format: string, now: Date, next = 1): string {
  return formatSequenceNumber(format, next, now);
}

/** A sequence number is generated when the record is saved; before that the preview shows its format. */
export function SequenceControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const format = props.field.sequenceFormat || DEFAULT_SEQUENCE_FORMAT;
  const value = asText(props.value);
  const text = value || t('sequence.preview', { example: previewSequence(format, props.now) });
  return <ReadOnlyValue control={props} text={text} mono />;
}

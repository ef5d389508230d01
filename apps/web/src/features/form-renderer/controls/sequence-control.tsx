import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

const DATE_TOKENS: ReadonlySet<string> = new Set(['YYYY', 'YY', 'MM', 'M', 'DD', 'D']);

/**
 * What the first number of a sequence format looks like: date tokens ({YYYY}, {MM}, {DD}) filled
 * from `now`, a run of zeros ({0000}) as the number padded to its width. Other text stays as it is.
 */
export function previewSequence(format: string, now: Date, next = 1): string {
  return format.replace(/\{([^{}]+)\}/g, (whole, token: string) => {
    if (/^0+$/.test(token)) return String(next).padStart(token.length, '0');
    if (DATE_TOKENS.has(token)) return dayjs(now).format(token);
    return whole;
  });
}

/** A sequence number is generated when the record is saved; before that the preview shows its format. */
export function SequenceControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const format = props.field.sequenceFormat || '{0000}';
  const value = asText(props.value);
  const text = value || t('sequence.preview', { example: previewSequence(format, props.now) });
  return <ReadOnlyValue control={props} text={text} mono />;
}

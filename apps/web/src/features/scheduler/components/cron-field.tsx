import { cronShapeMessage } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useOrganizationPreference } from '../../../shared/organization/use-organization-preference.ts';
import { useSchedulePreview } from '../api.ts';
import {
  PRESET_KINDS,
  describePreset,
  presetCron,
  presetOf,
  presetTime,
  withTime,
  type Preset,
  type PresetKind,
} from '../lib/cron-presets.ts';
import { formatRunInZone } from '../lib/run-times.ts';
import { SCHEDULER_NAMESPACE, useSchedulerMessage } from '../messages.ts';
import type { Translatable } from '../../../shared/i18n/translate-message.ts';
import { FieldBlock } from './field-block.tsx';

/** How long the preview waits after typing stops before asking the server. */
const PREVIEW_DELAY_MS = 400;

export interface CronFieldProps {
  cron: string;
  timeZone: string;
  onChange(cron: string): void;
  /** A message from the server about the expression (already in English; translated here). */
  serverError?: Translatable | undefined;
  /** Show the shape rule's message before the field was touched (after a save attempt). */
  showError: boolean;
}

/**
 * The cron expression: presets (every hour, every day at…, every weekday at…, every month on…) that
 * write it, the text itself for anything else, what it means in words, and its next five runs in
 * the chosen zone as the server computes them (the same croner the runs use).
 */
export function CronField({ cron, timeZone, onChange, serverError, showError }: CronFieldProps) {
  const { t, i18n } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const translate = useSchedulerMessage();
  const { preference } = useOrganizationPreference();
  const [touched, setTouched] = useState(false);
  // The last preset times, kept while the text is custom so switching back restores them.
  const [remembered, setRemembered] = useState<Preset>(() => presetOf(cron));
  // Chosen on purpose: the text stays editable as it is, even when it reads as a preset.
  const [customChosen, setCustomChosen] = useState(false);
  const read = useMemo(() => presetOf(cron, remembered), [cron, remembered]);
  const preset: Preset = customChosen ? { ...read, kind: 'custom' } : read;

  const shapeError = cronShapeMessage(cron);
  // One object per change of cron or zone: the debounce restarts on a new identity, not every render.
  const asked = useMemo(() => ({ cron: cron.trim(), timeZone }), [cron, timeZone]);
  const settled = useDebouncedValue(asked, PREVIEW_DELAY_MS);
  const preview = useSchedulePreview(settled.cron, settled.timeZone, cronShapeMessage(settled.cron) === null);
  const previewError =
    preview.isError && isApiError(preview.error) && preview.error.status === 400 ? preview.error : null;
  const error = (touched || showError ? shapeError : null) ?? serverError ?? previewError;

  const apply = (next: Preset) => {
    setCustomChosen(false);
    setRemembered(next);
    const written = presetCron(next);
    if (written !== null) onChange(written);
  };
  const described = describePreset(preset);

  return (
    <div style={{ display: 'grid', gap: token.marginSM }}>
      <div style={{ display: 'flex', gap: token.marginSM, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <FieldBlock id="schedule-repeat" label={t('fields.repeat')}>
          <Select<PresetKind>
            id="schedule-repeat"
            aria-labelledby="schedule-repeat-label"
            value={preset.kind}
            style={{ minWidth: 200 }}
            options={PRESET_KINDS.map((kind) => ({ value: kind, label: t(`presets.${kind}`) }))}
            onChange={(kind) => (kind === 'custom' ? setCustomChosen(true) : apply({ ...preset, kind }))}
          />
        </FieldBlock>
        {preset.kind === 'hourly' ? (
          <FieldBlock id="schedule-minute" label={t('fields.minute')}>
            <InputNumber
              id="schedule-minute"
              min={0}
              max={59}
              precision={0}
              value={preset.minute}
              onChange={(minute) => apply({ ...preset, minute: minute ?? 0 })}
            />
          </FieldBlock>
        ) : null}
        {preset.kind === 'monthly' ? (
          <FieldBlock id="schedule-day" label={t('fields.day')}>
            <InputNumber
              id="schedule-day"
              min={1}
              max={31}
              precision={0}
              value={preset.day}
              onChange={(day) => apply({ ...preset, day: day ?? 1 })}
            />
          </FieldBlock>
        ) : null}
        {preset.kind === 'daily' || preset.kind === 'weekdays' || preset.kind === 'monthly' ? (
          <FieldBlock id="schedule-time" label={t('fields.time')}>
            <Input
              id="schedule-time"
              type="time"
              value={presetTime(preset)}
              onChange={(event) => apply(withTime(preset, event.target.value))}
              style={{ width: 140 }}
            />
          </FieldBlock>
        ) : null}
      </div>
      <FieldBlock id="schedule-cron" label={t('fields.cron')} error={error ? translate(error) : undefined}>
        <Input
          id="schedule-cron"
          value={cron}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => setTouched(true)}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby="schedule-cron-help"
          spellCheck={false}
          style={{ fontFamily: 'monospace', maxWidth: 320 }}
        />
        <div id="schedule-cron-help" style={{ color: token.colorTextSecondary, marginTop: token.marginXXS }}>
          {described ? t(described.key, described.values) : t('fields.cronHelp')}
        </div>
      </FieldBlock>
      <section aria-labelledby="schedule-preview-title" data-testid="schedule-preview">
        <div id="schedule-preview-title" style={{ fontWeight: 500 }}>
          {t('preview.title', { zone: settled.timeZone })}
        </div>
        {shapeError ? (
          <div style={{ color: token.colorTextSecondary }}>{t('preview.waiting')}</div>
        ) : preview.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : preview.isError && !previewError ? (
          <Alert type="warning" showIcon title={t('preview.failed')} />
        ) : previewError ? null : (
          <ol style={{ margin: `${token.marginXXS}px 0 0`, paddingInlineStart: token.paddingLG }}>
            {(preview.data?.next_runs ?? []).map((run) => (
              <li key={run}>
                <time dateTime={run}>
                  {formatRunInZone(run, settled.timeZone, preference, i18n.language)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

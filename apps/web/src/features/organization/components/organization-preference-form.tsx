import { DATE_FORMATS, TIME_FORMATS } from '@formloop/domain';
import { ORGANIZATION_DATETIME_FORMATS, type OrganizationPreferenceData } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSaveOrganizationPreference, useTimeZoneOptions } from '../api.ts';
import { failureText, useOrganizationMessage } from '../messages.ts';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';

const UTC_OPTION = { value: 'UTC', label: '(UTC+00:00) UTC' };

/** Ticks every second so the example of 'now' stays live. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 20 }}>
      <label id={`${id}-label`} htmlFor={id} style={{ display: 'block', fontWeight: 500, marginBottom: 8 }}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The organization preference (spec §3): time zone and the three display formats, with a live example. */
export function OrganizationPreferenceForm({ saved }: { saved: OrganizationPreferenceData }) {
  const { t } = useTranslation('organization');
  const translate = useOrganizationMessage();
  const toast = useToast();
  const zones = useTimeZoneOptions();
  const save = useSaveOrganizationPreference();
  const now = useNow();
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);

  const zoneOptions = useMemo(() => {
    const options = (zones.data ?? []).map((option) => ({ value: option.id, label: option.label }));
    // The saved zone must show by name even before (or without) the list.
    if (!options.some((option) => option.value === draft.time_zone)) {
      options.unshift(
        draft.time_zone === 'UTC' ? UTC_OPTION : { value: draft.time_zone, label: draft.time_zone },
      );
    }
    return options;
  }, [zones.data, draft.time_zone]);

  const example = (format: string) => formatDate(now, 'datetime', { ...draft, datetime_format: format });
  const set = (key: keyof OrganizationPreferenceData) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const zoneChanged = draft.time_zone !== saved.time_zone;
  const formatsChanged =
    draft.date_format !== saved.date_format ||
    draft.datetime_format !== saved.datetime_format ||
    draft.time_format !== saved.time_format;

  const submit = () =>
    save.mutate(
      {
        ...(zoneChanged ? { timeZone: draft.time_zone } : {}),
        ...(formatsChanged
          ? {
              formats: {
                date_format: draft.date_format as (typeof DATE_FORMATS)[number],
                datetime_format: draft.datetime_format,
                time_format: draft.time_format as (typeof TIME_FORMATS)[number],
              },
            }
          : {}),
      },
      {
        onSuccess: (response) =>
          toast.success((response && translate(response.message)) || t('messages.preferenceSaved')),
        onError: (error) => toast.error(failureText(error, translate, t('saveFailed'))),
      },
    );

  return (
    <form
      data-testid="organization-preference-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {zones.isError ? (
        <Alert type="error" showIcon title={t('timeZone.loadFailed')} style={{ marginBottom: 16 }} />
      ) : null}
      <Field id="organization-time-zone" label={t('timeZone.label')}>
        <Select
          id="organization-time-zone"
          aria-labelledby="organization-time-zone-label"
          showSearch={{ optionFilterProp: 'label' }}
          value={draft.time_zone}
          onChange={set('time_zone')}
          options={zoneOptions}
          loading={zones.isPending}
          placeholder={t('timeZone.placeholder')}
          style={{ width: '100%', maxWidth: 480 }}
          data-testid="organization-time-zone"
        />
      </Field>
      <Field id="organization-date-format" label={t('dateFormat.label')}>
        <Radio.Group
          id="organization-date-format"
          aria-labelledby="organization-date-format-label"
          value={draft.date_format}
          onChange={(event) => set('date_format')(String(event.target.value))}
          options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
        />
      </Field>
      <Field id="organization-datetime-format" label={t('datetimeFormat.label')}>
        <Select
          id="organization-datetime-format"
          aria-labelledby="organization-datetime-format-label"
          value={draft.datetime_format}
          onChange={set('datetime_format')}
          options={ORGANIZATION_DATETIME_FORMATS.map((format) => ({
            value: format,
            label: `${format} — ${example(format)}`,
          }))}
          style={{ width: '100%', maxWidth: 480 }}
          data-testid="organization-datetime-format"
        />
      </Field>
      <Field id="organization-time-format" label={t('timeFormat.label')}>
        <Radio.Group
          id="organization-time-format"
          aria-labelledby="organization-time-format-label"
          value={draft.time_format}
          onChange={(event) => set('time_format')(String(event.target.value))}
          options={TIME_FORMATS.map((format) => ({ value: format, label: format }))}
        />
      </Field>
      <Descriptions
        title={t('preview.title')}
        size="small"
        column={1}
        bordered
        style={{ maxWidth: 480, marginBottom: 20 }}
        data-testid="organization-preview"
        items={[
          { key: 'date', label: t('dateFormat.label'), children: formatDate(now, 'date', draft) },
          { key: 'datetime', label: t('datetimeFormat.label'), children: formatDate(now, 'datetime', draft) },
          { key: 'time', label: t('timeFormat.label'), children: formatDate(now, 'time', draft) },
          {
            key: 'zone',
            label: t('timeZone.label'),
            children: `${draft.time_zone} (${formatDate(now, 'time', { ...draft, time_format: '[UTC]Z' })})`,
          },
        ]}
      />
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        disabled={!zoneChanged && !formatsChanged}
      >
        {t('save')}
      </Button>
    </form>
  );
}

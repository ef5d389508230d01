import { actionFailureText } from '../../../shared/api/api-error.ts';
import {
  SCHEDULE_NAME_MAX,
  TASK_SCHEDULER_MESSAGES,
  cronShapeMessage,
  type RecordForm,
  type ScheduleDetail,
  type ScheduleStatus,
} from '@formloop/contracts';
import { MESSAGES, START_ACTIVITY_ID } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import theme from 'antd/es/theme';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { FormRenderer, validateValues } from '../../form-renderer/components.ts';
import { useTimeZoneOptions } from '../../organization/index.ts';
import { useOrganizationPreference } from '../../../shared/organization/use-organization-preference.ts';
import { useSaveSchedule } from '../api.ts';
import { SCHEDULER_NAMESPACE, splitFieldErrors, useSchedulerMessage } from '../messages.ts';
import { CronField } from './cron-field.tsx';
import { FieldBlock } from './field-block.tsx';

export interface ScheduleFormProps {
  /** The app's published form: the values each created entry starts with are filled in with it. */
  form: RecordForm;
  /** The schedule being changed; null for a new one. */
  schedule: ScheduleDetail | null;
  onSaved(schedule: ScheduleDetail): void;
  onCancel?(): void;
}

interface Draft {
  name: string;
  cron: string;
  timeZone: string;
  submit: boolean;
  status: ScheduleStatus;
  values: Record<string, unknown>;
}

/** A new schedule starts as every day at 09:00 in the organization's zone, submitting its entries. */
const NEW_CRON = '0 9 * * *';

function nameMessage(name: string): string | null {
  const text = name.trim();
  if (text === '') return MESSAGES.required;
  return text.length > SCHEDULE_NAME_MAX ? TASK_SCHEDULER_MESSAGES.nameTooLong : null;
}

/**
 * A schedule's settings and the values of the entries it creates: name, when (cron with presets and
 * its next runs), in which zone, submitted or kept as drafts, and the app's own form for the values.
 */
export function ScheduleForm({ form, schedule, onSaved, onCancel }: ScheduleFormProps) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const translate = useSchedulerMessage();
  const toast = useToast();
  const save = useSaveSchedule();
  const zones = useTimeZoneOptions();
  const { preference } = useOrganizationPreference();
  const [draft, setDraft] = useState<Draft>(() => ({
    name: schedule?.name ?? '',
    cron: schedule?.cron ?? NEW_CRON,
    timeZone: schedule?.time_zone ?? preference.time_zone,
    submit: schedule?.submit ?? true,
    status: schedule?.status ?? 'active',
    values: schedule?.record_values ?? {},
  }));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState(() => splitFieldErrors(null));
  const [notice, setNotice] = useState<string | null>(null);
  const runtime = useMemo(() => ({ moduleId: form.id }), [form.id]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // A field's server message is about what was sent: it goes once the field changes.
    const field = key === 'timeZone' ? 'time_zone' : key;
    setServerErrors((current) =>
      field in current.schedule
        ? {
            ...current,
            schedule: Object.fromEntries(Object.entries(current.schedule).filter(([k]) => k !== field)),
          }
        : current,
    );
  };

  const zoneOptions = useMemo(() => {
    const options = (zones.data ?? []).map((option) => ({ value: option.id, label: option.label }));
    if (!options.some((option) => option.value === draft.timeZone)) {
      options.unshift({ value: draft.timeZone, label: draft.timeZone });
    }
    return options;
  }, [zones.data, draft.timeZone]);

  const changeValues = (values: Record<string, unknown>) => {
    setDraft((current) => ({ ...current, values }));
    // The server judged the values that were sent: a field the user changed since loses its message.
    setServerErrors((current) => {
      const kept = Object.entries(current.record).filter(([key]) => values[key] === draft.values[key]);
      return kept.length === Object.keys(current.record).length
        ? current
        : { ...current, record: Object.fromEntries(kept) };
    });
  };
  const recordErrors = useMemo(
    () =>
      Object.fromEntries(Object.entries(serverErrors.record).map(([key, text]) => [key, translate(text)])),
    [serverErrors.record, translate],
  );

  const nameError = (showErrors ? nameMessage(draft.name) : null) ?? serverErrors.schedule.name;

  const submitForm = () => {
    if (save.isPending) return;
    const recordProblems = draft.submit
      ? validateValues(form.definition, draft.values, START_ACTIVITY_ID)
      : {};
    if (nameMessage(draft.name) || cronShapeMessage(draft.cron) || Object.keys(recordProblems).length > 0) {
      setShowErrors(true);
      setNotice(t('messages.fixValues'));
      return;
    }
    setNotice(null);
    save.mutate(
      {
        ...(schedule ? { schedule_id: schedule.schedule_id } : {}),
        module_id: form.id,
        name: draft.name.trim(),
        cron: draft.cron,
        time_zone: draft.timeZone,
        record_values: draft.values,
        submit: draft.submit,
        // Pause and resume have their own buttons: a save keeps the status the schedule has now.
        status: schedule ? schedule.status : draft.status,
      },
      {
        onSuccess: (response) => {
          setServerErrors(splitFieldErrors(null));
          toast.success(response.message ? translate(response.message) : t('messages.saved'));
          onSaved(response.data);
        },
        onError: (error) => {
          const fields = splitFieldErrors(error);
          setServerErrors(fields);
          if (Object.keys(fields.schedule).length + Object.keys(fields.record).length > 0) {
            setShowErrors(true);
            setNotice(translate((error as Error).message || t('messages.fixValues')));
            return;
          }
          const text = actionFailureText(error, translate, t('messages.saveFailed'));
          if (text) toast.error(text);
        },
      },
    );
  };

  return (
    <form
      data-testid="schedule-form"
      aria-label={schedule ? t('editor.formLabel', { name: schedule.name }) : t('editor.newTitle')}
      style={{ display: 'grid', gap: token.margin }}
      onSubmit={(event) => {
        event.preventDefault();
        submitForm();
      }}
    >
      {notice ? (
        <Alert type="error" showIcon role="alert" title={notice} data-testid="schedule-notice" />
      ) : null}
      <Card size="small" title={t('editor.when')}>
        <div style={{ display: 'grid', gap: token.margin, maxWidth: 720 }}>
          <FieldBlock
            id="schedule-name"
            label={t('fields.name')}
            error={nameError ? translate(nameError) : undefined}
          >
            <Input
              id="schedule-name"
              value={draft.name}
              maxLength={SCHEDULE_NAME_MAX + 1}
              status={nameError ? 'error' : undefined}
              aria-invalid={nameError ? true : undefined}
              onChange={(event) => set('name', event.target.value)}
            />
          </FieldBlock>
          <CronField
            cron={draft.cron}
            timeZone={draft.timeZone}
            onChange={(cron) => set('cron', cron)}
            serverError={serverErrors.schedule.cron}
            showError={showErrors}
          />
          <FieldBlock
            id="schedule-time-zone"
            label={t('fields.timeZone')}
            error={serverErrors.schedule.time_zone ? translate(serverErrors.schedule.time_zone) : undefined}
          >
            <Select
              id="schedule-time-zone"
              aria-labelledby="schedule-time-zone-label"
              showSearch={{ optionFilterProp: 'label' }}
              value={draft.timeZone}
              options={zoneOptions}
              loading={zones.isPending}
              onChange={(zone: string) => set('timeZone', zone)}
              style={{ width: '100%', maxWidth: 480 }}
            />
          </FieldBlock>
          <div style={{ display: 'flex', alignItems: 'center', gap: token.marginSM }}>
            <Switch
              id="schedule-submit"
              checked={draft.submit}
              onChange={(checked) => set('submit', checked)}
              aria-describedby="schedule-submit-help"
            />
            <label htmlFor="schedule-submit">{t('fields.submit')}</label>
          </div>
          <div
            id="schedule-submit-help"
            style={{ color: token.colorTextSecondary, marginTop: -token.marginXS }}
          >
            {draft.submit ? t('fields.submitHelp') : t('fields.draftHelp')}
          </div>
          {schedule ? null : (
            <div style={{ display: 'flex', alignItems: 'center', gap: token.marginSM }}>
              <Switch
                id="schedule-active"
                checked={draft.status === 'active'}
                onChange={(checked) => set('status', checked ? 'active' : 'paused')}
              />
              <label htmlFor="schedule-active">{t('fields.startActive')}</label>
            </div>
          )}
        </div>
      </Card>
      <Card size="small" title={t('editor.values', { app: form.display_name })}>
        <div data-testid="schedule-values">
          <FormRenderer
            definition={form.definition}
            activityId={START_ACTIVITY_ID}
            values={draft.values}
            onChange={changeValues}
            showAllErrors={showErrors && draft.submit}
            errors={recordErrors}
            runtime={runtime}
          />
        </div>
      </Card>
      <div style={{ display: 'flex', gap: token.marginSM }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {schedule ? t('actions.save') : t('actions.create')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('actions.cancel')}</Button> : null}
      </div>
    </form>
  );
}

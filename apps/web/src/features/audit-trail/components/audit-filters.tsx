import type { AuditFilter } from '@formloop/contracts';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { storedOrganizationPreference } from '../../../shared/organization/use-organization-preference.ts';

export interface AuditFilterValues {
  user?: string;
  entity?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** A calendar day's first or last instant in `timeZone`, as an ISO instant. */
function dayEdge(day: Dayjs, edge: 'start' | 'end', timeZone: string): string {
  const time = edge === 'start' ? '00:00:00.000' : '23:59:59.999';
  try {
    return dayjs.tz(`${day.format('YYYY-MM-DD')}T${time}`, timeZone).toISOString();
  } catch {
    // A zone this browser does not know: the viewer's own day is the honest fallback.
    return (edge === 'start' ? day.startOf('day') : day.endOf('day')).toISOString();
  }
}

/**
 * The form's values as the data table's filters. Text matches anywhere (the server ignores case);
 * the date range covers whole days in the organization's time zone, the zone every date is shown in.
 */
export function toAuditFilters(values: AuditFilterValues, timeZone: string): AuditFilter[] {
  const filters: AuditFilter[] = [];
  for (const field of ['user', 'entity', 'action'] as const) {
    const value = values[field]?.trim();
    if (value) filters.push({ field, operator: 'contains', value });
  }
  const [from, to] = values.range ?? [null, null];
  if (from) filters.push({ field: 'created_at', operator: 'gte', value: dayEdge(from, 'start', timeZone) });
  if (to) filters.push({ field: 'created_at', operator: 'lte', value: dayEdge(to, 'end', timeZone) });
  return filters;
}

export function AuditFilters({ onChange }: { onChange: (filters: AuditFilter[]) => void }) {
  const { t } = useTranslation('auditTrail');
  const [form] = Form.useForm<AuditFilterValues>();
  const preference = storedOrganizationPreference();
  return (
    <Form
      form={form}
      layout="inline"
      data-testid="audit-filters"
      onFinish={(values) => onChange(toAuditFilters(values, preference.time_zone))}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="user" label={t('filters.user')}>
        <Input allowClear placeholder={t('filters.userPlaceholder')} maxLength={200} />
      </Form.Item>
      <Form.Item name="entity" label={t('filters.entity')}>
        <Input allowClear placeholder={t('filters.entityPlaceholder')} maxLength={200} />
      </Form.Item>
      <Form.Item name="action" label={t('filters.action')}>
        <Input allowClear placeholder={t('filters.actionPlaceholder')} maxLength={200} />
      </Form.Item>
      <Form.Item name="range" label={t('filters.dateRange')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={preference.date_format}
          placeholder={[t('filters.from'), t('filters.to')]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('filters.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onChange([]);
            }}
          >
            {t('filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

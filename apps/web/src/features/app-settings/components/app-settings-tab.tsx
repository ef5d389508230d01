import type { AppDetail, ModuleConfig } from '@formloop/contracts';
import { INDEX_CAP, INDEXED_FIELD_KINDS, fieldListKind, type FieldType } from '@formloop/domain';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useModuleConfig, useSetReassignment } from '../api.ts';
import { templateValueFields } from '../lib/template-values.ts';
import { failureText, useAppSettingsMessage } from '../messages.ts';
import { RecordTemplatesPanel } from './record-templates-panel.tsx';

export interface AppSettingsTabProps {
  moduleId: string;
  app: AppDetail;
  /** The form editor's current fields. */
  fields: { name: string; label: string; fieldType: string }[];
  /** The draft's "Fast filter fields" (defaultConfig.indexedFields); saved with the form. */
  indexedFields?: readonly string[];
  /** Changes them in the editor's draft; without it the setting is not shown. */
  onIndexedFieldsChange?: (names: string[]) => void;
}

/** App settings in the form editor: reassignment, the config summary and the record templates. */
export function AppSettingsTab(props: AppSettingsTabProps) {
  // Its own boundary: loading this feature's texts must not blank the whole editor.
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <AppSettings {...props} />
    </Suspense>
  );
}

function AppSettings({ moduleId, app, fields, indexedFields, onIndexedFieldsChange }: AppSettingsTabProps) {
  const { t } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const config = useModuleConfig(moduleId);
  const valueFields = useMemo(
    () => templateValueFields(fields, app.module_draft),
    [fields, app.module_draft],
  );

  return (
    <div style={{ display: 'grid', gap: token.marginLG }} data-testid="app-settings-tab">
      <Card title={t('reassignment.title')} size="small">
        <ReassignmentSwitch moduleId={moduleId} fallback={app.is_reassignment_disabled} config={config} />
      </Card>
      <Card title={t('summary.title')} size="small">
        {config.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : config.isError ? (
          <LoadFailedAlert
            title={t('summary.loadFailed')}
            retryLabel={t('retry')}
            onRetry={() => void config.refetch()}
          />
        ) : (
          <ConfigSummary config={config.data} fields={fields} />
        )}
      </Card>
      {onIndexedFieldsChange ? (
        <Card title={t('fastFilters.title')} size="small">
          <FastFilterFields fields={fields} value={indexedFields ?? []} onChange={onIndexedFieldsChange} />
        </Card>
      ) : null}
      <Card title={t('templates.title')} size="small">
        <RecordTemplatesPanel moduleId={moduleId} fields={valueFields} />
      </Card>
    </div>
  );
}

function ReassignmentSwitch({
  moduleId,
  fallback,
  config,
}: {
  moduleId: string;
  fallback: boolean;
  config: ReturnType<typeof useModuleConfig>;
}) {
  const { t } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const translate = useAppSettingsMessage();
  const toast = useToast();
  const set = useSetReassignment(moduleId);
  // The config holds the live value (and flips at once while saving); until it loads, GetForm's.
  const disabled = config.data?.is_reassignment_disabled ?? fallback;

  return (
    <div style={{ display: 'flex', gap: token.marginSM, alignItems: 'flex-start' }}>
      <Switch
        id="disable-reassignment"
        checked={disabled}
        loading={set.isPending}
        disabled={config.isPending || set.isPending}
        aria-describedby="disable-reassignment-hint"
        onChange={(next) =>
          set.mutate(next, {
            onSuccess: (response) => toast.success(translate(response.message)),
            onError: (error) => toast.error(failureText(error, translate, t('reassignment.failed'))),
          })
        }
      />
      <div>
        <label htmlFor="disable-reassignment" style={{ fontWeight: 500 }}>
          {t('reassignment.label')}
        </label>
        <div id="disable-reassignment-hint" style={{ color: token.colorTextSecondary }}>
          {t('reassignment.hint')}
        </div>
      </div>
    </div>
  );
}

function ConfigSummary({
  config,
  fields,
}: {
  config: ModuleConfig;
  fields: readonly { name: string; label: string }[];
}) {
  const { t } = useTranslation('appSettings');
  const labels = new Map(fields.map((field) => [field.name, field.label || field.name]));
  const columns = Array.isArray(config.default_config['listColumns'])
    ? (config.default_config['listColumns'] as unknown[]).filter((c): c is string => typeof c === 'string')
    : [];
  const title = config.default_config['recordTitle'];
  const none = t('summary.none');

  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'status',
          label: t('summary.status'),
          children: (
            <Tag color={config.status === 'Published' ? 'green' : 'default'}>
              {t(`status.${config.status}`)}
            </Tag>
          ),
        },
        { key: 'version', label: t('summary.version'), children: String(config.module_version) },
        {
          key: 'reassignment',
          label: t('summary.reassignment'),
          children: config.is_reassignment_disabled
            ? t('summary.reassignmentOff')
            : t('summary.reassignmentOn'),
        },
        {
          key: 'columns',
          label: t('summary.listColumns'),
          children: columns.length ? columns.map((name) => labels.get(name) ?? name).join(', ') : none,
        },
        {
          key: 'title',
          label: t('summary.recordTitle'),
          children: typeof title === 'string' && title ? title : none,
        },
        {
          key: 'templates',
          label: t('summary.recordTemplates'),
          children: String(config.record_templates),
        },
      ]}
    />
  );
}

/** Fields that can get an index of their own (the server's index plan takes the same kinds). */
const indexable = (fieldType: string) => {
  const kind = fieldListKind({}, fieldType as FieldType);
  return kind !== null && INDEXED_FIELD_KINDS.includes(kind);
};

/**
 * "Fast filter fields": the fields the index plan takes first when the app is published (at most
 * INDEX_CAP.btree). Part of the draft's defaultConfig: saved with the form, applied by publishing.
 */
function FastFilterFields({
  fields,
  value,
  onChange,
}: {
  fields: readonly { name: string; label: string; fieldType: string }[];
  value: readonly string[];
  onChange: (names: string[]) => void;
}) {
  const { t } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const options = fields
    .filter((field) => field.name && indexable(field.fieldType))
    .map((field) => ({ value: field.name, label: field.label || field.name }));
  const known = new Set(options.map((option) => option.value));

  return (
    <div style={{ display: 'grid', gap: token.marginXS }}>
      <label htmlFor="fast-filter-fields" style={{ fontWeight: 500 }}>
        {t('fastFilters.label')}
      </label>
      <Select
        id="fast-filter-fields"
        mode="multiple"
        allowClear
        options={options}
        value={value.filter((name) => known.has(name))}
        maxCount={INDEX_CAP.btree}
        placeholder={t('fastFilters.placeholder')}
        aria-describedby="fast-filter-fields-hint"
        optionFilterProp="label"
        onChange={(names: string[]) => onChange(names)}
        data-testid="fast-filter-fields"
      />
      <div id="fast-filter-fields-hint" style={{ color: token.colorTextSecondary }}>
        {t('fastFilters.hint', { max: INDEX_CAP.btree })}
      </div>
    </div>
  );
}

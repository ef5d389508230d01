import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import type { LookupSettings } from '@formloop/domain';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererRuntime } from '../runtime-context.ts';
import { useFieldScope } from '../runtime/field-scope.ts';
import { filtersReady, lookupBody, TABLE_FILL_LIMIT, tableRowsFrom } from '../runtime/lookup-model.ts';
import { fetchLookupPage, FORM_EXTERNAL_NAMESPACE, useExternalErrorText } from '../runtime/lookups-api.ts';
import { useLookupAutomation } from '../runtime/use-lookup-automation.ts';
import type { ControlProps } from './control-props.ts';

type FillState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; count: number; more: boolean }
  | { status: 'failed'; error: unknown };

/**
 * A lookup with isTable: the records matching its filters become the rows of this form's table
 * group `tableName` (same-named columns), refilled when a field the filters read changes, or on
 * demand. The lookup field itself keeps no value.
 */
export function LookupTableFill({
  runtime,
  lookup,
  ...props
}: ControlProps & { runtime: RendererRuntime; lookup: LookupSettings }) {
  const { t } = useTranslation(FORM_EXTERNAL_NAMESPACE);
  const errorText = useExternalErrorText();
  const scope = useFieldScope(runtime, props.field.name);
  const [state, setState] = useState<FillState>({ status: 'idle' });
  const runs = useRef(0);
  const table = lookup.tableName;
  const usable = Boolean(lookup.moduleId && table) && !props.readOnly;

  const fill = async () => {
    if (!lookup.moduleId || !table) return;
    const run = ++runs.current;
    setState({ status: 'loading' });
    try {
      const page = await fetchLookupPage({ ...lookupBody(lookup, scope.values(), '', 'table'), page: 1 });
      if (run !== runs.current) return;
      const rows = tableRowsFrom(page.data, lookup);
      runtime.setValues({ [table]: rows });
      setState({ status: 'done', count: rows.length, more: page.hasMore });
    } catch (error) {
      if (run === runs.current) setState({ status: 'failed', error });
    }
  };

  const existing = runtime.getValues()[table];
  useLookupAutomation({
    runtime,
    scope,
    lookup,
    enabled: usable,
    runInitially: !runtime.recordId && !(Array.isArray(existing) && existing.length > 0),
    // By itself only once every field the filters read has a value: an unanswered filter would
    // otherwise fill the table with every record. The button fills on demand whatever the filters.
    run: () => (filtersReady(lookup, scope.values()) ? fill() : undefined),
  });

  let note: string | null = null;
  if (!lookup.moduleId) note = t('lookup.noApp');
  else if (!table) note = t('table.noTable');
  else if (state.status === 'done')
    note = state.more
      ? t('table.filledFirst', { count: state.count, max: TABLE_FILL_LIMIT })
      : t('table.filled', { count: state.count });
  const failed = state.status === 'failed';

  return (
    <div ref={scope.host}>
      <Space wrap size="small">
        <Button
          id={props.id}
          aria-label={t('table.fill', { label: props.label, table })}
          aria-describedby={props.describedBy}
          icon={<ReloadOutlined aria-hidden />}
          loading={state.status === 'loading'}
          disabled={!usable}
          onClick={() => void fill()}
        >
          {t('table.fillShort', { table })}
        </Button>
        <Typography.Text type={failed ? 'danger' : 'secondary'} role={failed ? 'alert' : 'status'}>
          {failed ? errorText(state.error, t('lookup.failed')) : note}
        </Typography.Text>
      </Space>
    </div>
  );
}

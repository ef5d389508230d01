import type { LookupRecord } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS, type LookupSettings } from '@formloop/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useRendererRuntime, type RendererRuntime } from '../runtime-context.ts';
import { useFieldScope } from '../runtime/field-scope.ts';
import {
  copiesFrom,
  displayText,
  filtersReady,
  isLookupValue,
  labelFieldOf,
  lookupBody,
  lookupSettingsOf,
  recordLabel,
  visibleColumnsOf,
  columnTitle,
  type LookupValue,
} from '../runtime/lookup-model.ts';
import {
  externalKeys,
  fetchLookupPage,
  FORM_EXTERNAL_NAMESPACE,
  useExternalErrorText,
} from '../runtime/lookups-api.ts';
import { useLookupAutomation } from '../runtime/use-lookup-automation.ts';
import { a11y, type ControlProps } from './control-props.ts';
import { LookupTableFill } from './lookup-table-fill.tsx';
import { LookupPlaceholder } from './pending-controls.tsx';
import { ReadOnlyValue } from './read-only-value.tsx';

/**
 * lookup and pull-data: in the form editor's preview a placeholder; in a running app a searchable
 * pick of the looked-up app's records, or (isTable) a fill of this form's table group tableName.
 */
export function LookupControl(props: ControlProps) {
  const runtime = useRendererRuntime();
  if (!runtime) return <LookupPlaceholder {...props} />;
  const lookup = lookupSettingsOf(props.field);
  if (lookup.isTable) return <LookupTableFill {...props} runtime={runtime} lookup={lookup} />;
  return <LookupPicker {...props} runtime={runtime} lookup={lookup} />;
}

interface RuntimeProps extends ControlProps {
  runtime: RendererRuntime;
  lookup: LookupSettings;
}

interface RecordOption {
  value: string;
  label: string;
  record: LookupRecord;
}

const GRID_GAP = 8;
const gridOf = (count: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))`,
  gap: GRID_GAP,
});
const CELL = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function LookupPicker({ runtime, lookup, ...props }: RuntimeProps) {
  const { t } = useTranslation(FORM_EXTERNAL_NAMESPACE);
  const errorText = useExternalErrorText();
  const scope = useFieldScope(runtime, props.field.name);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The filters' source values are read as the list opens, so the options match the form as it is now.
  const [sources, setSources] = useState(() => scope.values());
  const [autoError, setAutoError] = useState<unknown>(null);
  const current: LookupValue | null = isLookupValue(props.value) ? props.value : null;
  const currentRef = useRef(current);
  currentRef.current = current;

  const body = lookupBody(lookup, sources, settled, 'pick');
  const query = useInfiniteQuery({
    queryKey: externalKeys.lookup(body),
    queryFn: ({ pageParam, signal }) => fetchLookupPage({ ...body, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: open && Boolean(lookup.moduleId),
    // Another app's records change while this form is open: each opening asks again.
    staleTime: 0,
    retry: false,
    meta: { errorToast: false },
  });

  const pick = (record: LookupRecord | null) => {
    props.onChange(record ? { id: record.id, label: recordLabel(record, lookup) } : null);
    scope.write(copiesFrom(record, lookup, props.field.name));
  };

  // Auto-select: when the fields the filters read change, the first match is picked (or the pick
  // cleared once a filter's field is emptied); a later answer wins over an earlier one.
  const runs = useRef(0);
  useLookupAutomation({
    runtime,
    scope,
    lookup,
    enabled: lookup.autoSelectFirstValueByFilters && !props.readOnly && Boolean(lookup.moduleId),
    runInitially: !runtime.recordId && !current,
    run: async () => {
      const run = ++runs.current;
      const values = scope.values();
      if (!filtersReady(lookup, values)) {
        if (currentRef.current) pick(null);
        return;
      }
      try {
        const page = await fetchLookupPage({ ...lookupBody(lookup, values, '', 'pick'), page: 1 });
        if (run !== runs.current) return;
        setAutoError(null);
        const first = page.data[0] ?? null;
        if ((first?.id ?? null) !== (currentRef.current?.id ?? null)) pick(first);
      } catch (error) {
        if (run === runs.current) setAutoError(error);
      }
    },
  });

  if (props.readOnly) return <ReadOnlyValue control={props} text={current?.label ?? ''} />;

  const records = query.data?.pages.flatMap((page) => page.data) ?? [];
  const options: RecordOption[] = records.map((record) => ({
    value: record.id,
    label: recordLabel(record, lookup),
    record,
  }));
  const columns = visibleColumnsOf(lookup);
  const labelField = labelFieldOf(lookup);
  const titles = [labelField ? columnTitle(labelField) : t('lookup.record'), ...columns.map(columnTitle)];

  let notFound: ReactNode = t('lookup.empty');
  if (!lookup.moduleId) notFound = t('lookup.noApp');
  else if (query.isError) notFound = <span role="alert">{errorText(query.error, t('lookup.failed'))}</span>;
  else if (query.isPending) notFound = t('lookup.loading');

  return (
    <div ref={scope.host}>
      <Select<{ value: string; label: string } | undefined, RecordOption>
        {...a11y(props)}
        style={{ width: '100%' }}
        allowClear
        labelInValue
        open={open}
        onOpenChange={(next) => {
          if (next) setSources(scope.values());
          else setSearch('');
          setOpen(next);
        }}
        showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
        loading={query.isFetching}
        options={options}
        value={current ? { value: current.id, label: current.label } : undefined}
        placeholder={props.field.placeholder || t('lookup.placeholder')}
        status={props.invalid ? 'error' : undefined}
        notFoundContent={notFound}
        optionRender={(option) => {
          const record = option.data.record;
          return (
            <div style={gridOf(titles.length)}>
              <span style={CELL}>{option.data.label}</span>
              {columns.map((name) => (
                <span
                  key={name}
                  style={CELL}
                  title={`${columnTitle(name)}: ${displayText(record.data[name])}`}
                >
                  {displayText(record.data[name])}
                </span>
              ))}
            </div>
          );
        }}
        popupRender={(menu) => (
          <>
            {titles.length > 1 && options.length > 0 ? (
              <div
                aria-hidden
                style={{ ...gridOf(titles.length), padding: '4px 12px', fontWeight: 600, fontSize: 12 }}
              >
                {titles.map((title, index) => (
                  <span key={index} style={CELL}>
                    {title}
                  </span>
                ))}
              </div>
            ) : null}
            {menu}
            {query.hasNextPage ? (
              // Keeps the focus in the search box, so the list stays open while the next page loads.
              <div onMouseDown={(event) => event.preventDefault()}>
                <Button
                  type="link"
                  block
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {t('lookup.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
        onChange={(next) => {
          if (!next) {
            pick(null);
            return;
          }
          const record = records.find((candidate) => candidate.id === next.value);
          if (record) pick(record);
        }}
      />
      {autoError ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {errorText(autoError, t('lookup.failed'))}
        </Typography.Text>
      ) : null}
    </div>
  );
}

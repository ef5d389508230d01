import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type {
  RecordDataTable,
  RecordDataTableRequest,
  RecordForm,
  RecordListConfig,
  RecordRow,
} from '@formloop/contracts';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  validateSearch,
  type PageSize,
  type RecordFilter,
} from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import {
  useApplyConfigToAll,
  useDeleteRecords,
  useExactCount,
  useExportRecords,
  useRecordTable,
  useSaveListConfig,
  type ExportFormat,
  type TableKind,
} from '../api.ts';
import {
  automaticColumns,
  initialColumnSettings,
  nobodyChoseColumns,
  visibleKeys,
  type ColumnSetting,
  type ListColumn,
} from '../lib/list-columns.ts';
import { usePhone } from '../lib/use-phone.ts';
import { DELETE_FAILED, failureText, useRecordsMessage } from '../messages.ts';
import { itemEditorPath } from '../paths.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { FilterBuilder } from './filter-builder.tsx';
import { FilterChips } from './filter-chips.tsx';
import { RecordTable } from './record-table.tsx';
import { TableToolbar } from './table-toolbar.tsx';
import { filtersFromSearch } from '../lib/drill-link.ts';

export interface RecordTablePanelProps {
  form: RecordForm;
  kind: TableKind;
  columns: readonly ListColumn[];
  /** The saved view this table starts from (null: the defaults). */
  config: RecordListConfig | null;
}

const isPageSize = (value: unknown): value is PageSize => (PAGE_SIZES as readonly unknown[]).includes(value);

/** One tab's table: its own search, filters, columns, paging and sort, deletes and export. */
export function RecordTablePanel({ form, kind, columns, config }: RecordTablePanelProps) {
  const { t } = useTranslation('records');
  const translate = useRecordsMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const moduleId = form.id;
  const table = useServerTable({
    pageSize: isPageSize(config?.pageSize) ? config.pageSize : DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    orders: config?.orders ?? [],
  });
  const listColumns = form.definition.defaultConfig.listColumns;
  const appDefault = Array.isArray(listColumns) ? (listColumns as string[]) : undefined;
  const defaults = useCallback(
    () => initialColumnSettings(columns, undefined, appDefault),
    [columns, appDefault],
  );
  const saved = config?.columns.length ? config.columns : undefined;
  const [settings, setSettings] = useState(() =>
    saved ? initialColumnSettings(columns, saved, undefined) : defaults(),
  );
  // While nobody chose the columns (no saved view, no default of the app, the chooser untouched) the
  // list leaves out what says nothing on this page and, on a phone, all but a few (automaticColumns).
  const [automatic, setAutomatic] = useState(() => nobodyChoseColumns(columns, saved, appDefault));
  const phone = usePhone();
  // A drill from a report (?filters=…) opens the submitted records on exactly its filters.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<RecordFilter[]>(
    () => (kind === 'records' ? filtersFromSearch(params) : null) ?? config?.filters ?? [],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const searchProblem = validateSearch(searchText);
  const { firstPage } = table;

  // The search is sent 500 ms after typing stops (spec §5), and only when it is allowed.
  useEffect(() => {
    if (validateSearch(typed) !== null) return;
    setSearch(typed);
    firstPage();
  }, [typed, firstPage]);

  const visible = useMemo(() => visibleKeys(settings), [settings]);
  const byKey = useMemo(() => new Map(columns.map((column) => [column.key, column])), [columns]);
  const labelOf = useCallback(
    (key: string) => {
      const column = byKey.get(key);
      return !column || column.system ? t(`columns.${key}`) : column.label;
    },
    [byKey, t],
  );

  const query = useMemo(
    () => ({ moduleId, search, columns: visible, orders: table.orders, filters }),
    [moduleId, search, visible, table.orders, filters],
  );
  const body = useMemo<RecordDataTableRequest>(
    () => ({ ...query, page: table.page, length: table.length as PageSize }),
    [query, table.page, table.length],
  );
  const rows = useRecordTable(moduleId, kind, body);

  // What the table and the chooser show; the request above still asks for every column of `settings`.
  const pageRows = rows.data?.data;
  const shownSettings = useMemo(
    () => (automatic ? automaticColumns(settings, columns, pageRows, phone) : settings),
    [automatic, settings, columns, pageRows, phone],
  );
  const shownColumns = useMemo(
    () => visibleKeys(shownSettings).flatMap((key) => byKey.get(key) ?? []),
    [shownSettings, byKey],
  );
  // A saved view keeps the columns shown, but not a phone's cut: the view is for every screen.
  const viewColumns = useMemo(
    () => visibleKeys(automatic ? automaticColumns(settings, columns, pageRows, false) : settings),
    [automatic, settings, columns, pageRows],
  );
  const chooseColumns = (next: ColumnSetting[]) => {
    setAutomatic(false);
    setSettings(next);
  };

  // "about N" until the user asks for the exact figure of this search and these filters: then one
  // request counts it (useExactCount), and every page of the same search shows it.
  const counted = useMemo(() => ({ moduleId, search, filters }), [moduleId, search, filters]);
  const countedKey = JSON.stringify(counted);
  const [exactAskedFor, setExactAskedFor] = useState<string | null>(null);
  const exactAsked = exactAskedFor === countedKey;
  const exact = useExactCount(moduleId, kind, counted, exactAsked);
  const exactFigures = exactAsked && exact.data && !exact.data.countIsEstimate ? exact.data : null;
  const shown = useMemo<RecordDataTable | undefined>(
    () =>
      rows.data?.countIsEstimate && exactFigures
        ? {
            ...rows.data,
            recordsTotal: exactFigures.recordsTotal,
            recordsFiltered: exactFigures.recordsFiltered,
            countIsEstimate: false,
          }
        : rows.data,
    [rows.data, exactFigures],
  );
  const countExactly = {
    onCount: () => {
      if (exactAsked) void exact.refetch();
      else setExactAskedFor(countedKey);
    },
    counting: exactAsked && exact.isFetching,
    tooLong: exactAsked && exact.data?.countIsEstimate === true,
  };
  const remove = useDeleteRecords(moduleId, kind, body);
  const exporter = useExportRecords();
  const save = useSaveListConfig(moduleId, kind);
  const applyAll = useApplyConfigToAll(moduleId, kind);

  // Selection belongs to the page it was made on: another page, sort or filter starts empty.
  const bodyKey = JSON.stringify(body);
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: '', ids: [] });
  const selectedIds = selection.key === bodyKey ? selection.ids : [];

  const changeFilters = (next: RecordFilter[]) => {
    setFilters(next);
    firstPage();
  };
  const clearAll = () => {
    changeFilters([]);
    setSearchText('');
    setFiltersOpen(false);
  };

  const deleteRows = (ids: string[]) => {
    const onPage = rows.data?.data.length ?? 0;
    remove.mutate(ids, {
      onSuccess: () => {
        toast.success(
          ids.length === 1 ? t('toasts.deleted') : t('toasts.deletedMany', { count: ids.length }),
        );
        // The whole page went: show the one before instead of an empty page past the end.
        if (ids.length >= onPage && table.page > 1) table.setPage(table.page - 1);
      },
      onError: (error) => toast.error(failureText(error, translate, DELETE_FAILED)),
    });
    setSelection({ key: '', ids: [] });
  };

  const view = (): RecordListConfig => ({
    columns: viewColumns,
    pageSize: table.length as PageSize,
    orders: table.orders,
    filters: filters.map((filter) => ({
      ...filter,
      ignoreCase: filter.ignoreCase ?? false,
      matchesAll: filter.matchesAll ?? false,
    })),
  });

  const runExport = (format: ExportFormat) =>
    exporter.mutate(
      { format, body: query, name: form.display_name },
      { onError: (error) => toast.error(failureText(error, translate, t('toasts.exportFailed'))) },
    );

  const openRow = (row: RecordRow) => void navigate(itemEditorPath(moduleId, row.id));
  const newEntry = () => void navigate(itemEditorPath(moduleId));
  const narrowed = search !== '' || filters.length > 0;

  const empty =
    rows.data && rows.data.recordsTotal > 0 && narrowed ? (
      <Empty description={t('empty.noMatches')} data-testid="records-no-matches">
        <Button onClick={clearAll}>{t('empty.clearFilters')}</Button>
      </Empty>
    ) : (
      <Empty
        description={t(kind === 'drafts' ? 'empty.noDrafts' : 'empty.noEntries')}
        data-testid="records-empty"
      >
        {form.can.create ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={newEntry}>
            {t('header.newEntry')}
          </Button>
        ) : null}
      </Empty>
    );

  let content;
  if (rows.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} data-testid="records-loading" />;
  } else if (rows.isError) {
    const error = rows.error;
    // A refused request (a filter value that does not suit its field) says why; anything else is generic.
    const refused = isApiError(error) && error.status === 400 && error.message !== '';
    content = (
      <LoadFailedAlert
        title={refused ? translate(error) : t('tableLoadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void rows.refetch()}
      />
    );
  } else {
    content = (
      <RecordTable
        columns={shownColumns}
        data={shown}
        countExactly={countExactly}
        loading={rows.isFetching || remove.isPending}
        table={table}
        canDelete={form.can.delete}
        selectedIds={selectedIds}
        onSelect={(ids) => setSelection({ key: bodyKey, ids })}
        onDelete={(id) => deleteRows([id])}
        onOpen={openRow}
        empty={empty}
      />
    );
  }

  return (
    <div data-testid={`record-panel-${kind}`}>
      <TableToolbar
        search={searchText}
        searchError={searchProblem ? translate(searchProblem) : null}
        onSearch={setSearchText}
        filterCount={filters.length}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        chooser={
          <ColumnChooser
            settings={shownSettings}
            labelOf={labelOf}
            onChange={chooseColumns}
            onReset={() => {
              setSettings(defaults());
              setAutomatic(nobodyChoseColumns(columns, undefined, appDefault));
            }}
          />
        }
        onSaveView={() =>
          save.mutate(view(), {
            onSuccess: () => toast.success(t('toasts.viewSaved')),
            onError: (error) => toast.error(failureText(error, translate, t('toasts.viewSaveFailed'))),
          })
        }
        saving={save.isPending}
        onApplyAll={
          form.can.configureForAll
            ? () =>
                applyAll.mutate(view(), {
                  onSuccess: () => toast.success(t('toasts.appliedAll')),
                  onError: (error) => toast.error(failureText(error, translate, t('toasts.applyAllFailed'))),
                })
            : undefined
        }
        applying={applyAll.isPending}
        onExport={kind === 'records' ? runExport : undefined}
        exporting={exporter.isPending ? (exporter.variables?.format ?? null) : null}
        onDeleteSelected={form.can.delete ? () => deleteRows(selectedIds) : undefined}
        selectedCount={selectedIds.length}
        deleting={remove.isPending}
      />
      {filtersOpen ? (
        <FilterBuilder
          key={JSON.stringify(filters)}
          columns={columns}
          labelOf={labelOf}
          applied={filters}
          onApply={changeFilters}
          onClear={() => changeFilters([])}
        />
      ) : null}
      <FilterChips
        filters={filters}
        columns={columns}
        labelOf={labelOf}
        onRemove={(index) => changeFilters(filters.filter((_, at) => at !== index))}
        onClear={clearAll}
      />
      {content}
    </div>
  );
}

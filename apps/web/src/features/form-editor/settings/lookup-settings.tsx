import { SORT_TYPES, type LookupSettings as Lookup } from '@formloop/domain';
import Select from 'antd/es/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnLookup, useModuleLookup } from '../api.ts';
import { LookupFilters } from './lookup-filters.tsx';
import { SettingField, SettingGroup, SettingSwitch, type SettingsGroupProps } from './setting-field.tsx';

const EMPTY_LOOKUP: Lookup = {
  flowToLookUp: '',
  moduleId: '',
  filters: [],
  sortValuesBy: '',
  sortType: 'asc',
  selectFieldsByThisProcess: [],
  hideFields: [],
  autoSelectFirstValueByFilters: false,
  isTable: false,
  tableName: '',
};

/**
 * Spec §3 lookup settings: the app (flow) to look up (ModuleLookup — not dataentrylookup: a lookup
 * reads another app's records and may read one of its tables, which only ModuleLookup lists; for
 * builders both name every published app), its fields (ColumnLookup) to
 * sort by, fill in and hide, the filters, and whether to read one of its tables.
 */
export function LookupSettings({ field, update, otherFields }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const lookup = { ...EMPTY_LOOKUP, ...field.lookup };
  const modules = useModuleLookup(true);
  const columns = useColumnLookup(lookup.moduleId);
  const set = (patch: Partial<Lookup>) => update({ lookup: { ...lookup, ...patch } });

  const tables = useMemo(
    () => [...new Set((columns.data ?? []).filter((column) => column.isTable).map((column) => column.group))],
    [columns.data],
  );
  const columnOptions = useMemo(
    () =>
      (columns.data ?? [])
        .filter((column) =>
          lookup.isTable ? column.isTable && column.group === lookup.tableName : !column.isTable,
        )
        .map((column) => ({ value: column.name, label: column.label || column.name })),
    [columns.data, lookup.isTable, lookup.tableName],
  );

  const chooseModule = (moduleId?: string) => {
    const entry = modules.data?.find((candidate) => candidate.module_id === moduleId);
    // Another app has other fields: what named the old app's fields no longer applies.
    update({
      lookup: { ...EMPTY_LOOKUP, moduleId: moduleId ?? '', flowToLookUp: entry?.display_name ?? '' },
    });
  };

  return (
    <SettingGroup title={t('settings.groups.lookup')} testId="settings-lookup">
      <SettingField
        id="setting-lookup-module"
        label={t('settings.lookup.flowToLookUp')}
        error={modules.isError ? t('settings.lookup.modulesFailed') : null}
      >
        <Select
          id="setting-lookup-module"
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          loading={modules.isPending}
          placeholder={t('settings.lookup.chooseModule')}
          value={lookup.moduleId || undefined}
          onChange={chooseModule}
          options={(modules.data ?? []).map((entry) => ({
            value: entry.module_id,
            label: entry.display_name,
          }))}
        />
      </SettingField>
      {lookup.moduleId ? (
        <>
          <SettingSwitch
            id="setting-lookup-is-table"
            label={t('settings.lookup.isTable')}
            checked={lookup.isTable}
            onChange={(isTable) => set({ isTable, tableName: isTable ? (tables[0] ?? '') : '' })}
          />
          {lookup.isTable ? (
            <SettingField id="setting-lookup-table" label={t('settings.lookup.tableName')}>
              <Select
                id="setting-lookup-table"
                value={lookup.tableName || undefined}
                onChange={(tableName: string) => set({ tableName })}
                options={tables.map((name) => ({ value: name, label: name }))}
                notFoundContent={t('settings.lookup.noTables')}
              />
            </SettingField>
          ) : null}
          <SettingField id="setting-lookup-select" label={t('settings.lookup.selectFields')}>
            <Select
              id="setting-lookup-select"
              mode="multiple"
              loading={columns.isPending}
              value={lookup.selectFieldsByThisProcess}
              onChange={(selectFieldsByThisProcess: string[]) => set({ selectFieldsByThisProcess })}
              options={columnOptions}
            />
          </SettingField>
          <SettingField id="setting-lookup-hide" label={t('settings.lookup.hideFields')}>
            <Select
              id="setting-lookup-hide"
              mode="multiple"
              value={lookup.hideFields}
              onChange={(hideFields: string[]) => set({ hideFields })}
              options={columnOptions}
            />
          </SettingField>
          <SettingField id="setting-lookup-sort" label={t('settings.lookup.sortValuesBy')}>
            <Select
              id="setting-lookup-sort"
              allowClear
              value={lookup.sortValuesBy || undefined}
              onChange={(sortValuesBy?: string) => set({ sortValuesBy: sortValuesBy ?? '' })}
              options={columnOptions}
            />
          </SettingField>
          <SettingField id="setting-lookup-sort-type" label={t('settings.lookup.sortType')}>
            <Select
              id="setting-lookup-sort-type"
              value={lookup.sortType}
              onChange={(sortType: Lookup['sortType']) => set({ sortType })}
              options={SORT_TYPES.map((type) => ({ value: type, label: t(`settings.lookup.sort.${type}`) }))}
            />
          </SettingField>
          <LookupFilters
            filters={lookup.filters}
            columns={columnOptions}
            formFields={otherFields}
            onChange={(filters) => set({ filters })}
          />
          <SettingSwitch
            id="setting-lookup-auto"
            label={t('settings.lookup.autoSelectFirst')}
            checked={lookup.autoSelectFirstValueByFilters}
            onChange={(autoSelectFirstValueByFilters) => set({ autoSelectFirstValueByFilters })}
          />
        </>
      ) : null}
    </SettingGroup>
  );
}

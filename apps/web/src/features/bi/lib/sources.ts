// The apps a question reads: the base app and each app joined through one of its lookup fields,
// with the fields each offers. A joined app is named "App › lookup field" so two joins to the same
// app through different lookups stay apart.
import type { AppSummary } from '@formloop/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listColumns, type ListColumn } from '../../records/index.ts';
import { useForms } from '../api.ts';
import type { FieldRef, QuestionState, Source } from './question.ts';

export interface SourceInfo {
  source: Source;
  moduleId: string;
  /** The base app's name, or "Target app › lookup field" for a join. */
  label: string;
  columns: ListColumn[];
  loading: boolean;
  failed: boolean;
}

export interface LookupOption {
  /** The lookup field's name in the base app. */
  field: string;
  fieldLabel: string;
  targetId: string;
  targetName: string;
}

/** The lookup fields of an app's columns that name another app. */
export function lookupOptions(
  columns: readonly ListColumn[],
  appName: (id: string) => string,
): LookupOption[] {
  return columns
    .filter((column) => !column.system && column.field?.lookup?.moduleId)
    .map((column) => {
      const targetId = column.field?.lookup?.moduleId ?? '';
      return { field: column.key, fieldLabel: column.label, targetId, targetName: appName(targetId) };
    });
}

export const joinLabel = (option: Pick<LookupOption, 'targetName' | 'fieldLabel'>) =>
  `${option.targetName} › ${option.fieldLabel}`;

export function useQuestionSources(state: QuestionState, apps: readonly AppSummary[]) {
  const { t } = useTranslation(['bi', 'records']);
  const appName = useCallback(
    (id: string) => apps.find((app) => app.id === id)?.display_name ?? t('bi:builder.unknownApp'),
    [apps, t],
  );
  const [baseForm] = useForms([state.moduleId]);
  const baseColumns = useMemo(
    () => (baseForm?.data ? listColumns(baseForm.data.definition.fieldGroups) : []),
    [baseForm?.data],
  );
  const lookups = useMemo(() => lookupOptions(baseColumns, appName), [baseColumns, appName]);
  const joined = state.joins.map((join) => ({
    join,
    lookup: lookups.find((option) => option.field === join.field),
  }));
  const joinedForms = useForms(joined.map((entry) => entry.lookup?.targetId ?? ''));
  // Small lists, rebuilt each render (the forms themselves are cached by the query client).
  const sources: SourceInfo[] = [
    {
      source: 'base',
      moduleId: state.moduleId,
      label: appName(state.moduleId),
      columns: baseColumns,
      loading: Boolean(state.moduleId && baseForm?.isPending),
      failed: Boolean(baseForm?.isError),
    },
    ...joined.map(({ join, lookup }, index) => {
      const query = joinedForms[index];
      return {
        source: join.alias,
        moduleId: lookup?.targetId ?? '',
        label: lookup ? joinLabel(lookup) : join.field,
        columns: query?.data ? listColumns(query.data.definition.fieldGroups) : [],
        loading: Boolean(lookup && query?.isPending),
        failed: Boolean(query?.isError),
      };
    }),
  ];

  /** A column's label in the reader's language (system columns translated as the record list's). */
  const columnLabel = useCallback(
    (column: ListColumn | undefined, key: string) =>
      column && !column.system
        ? column.label
        : t(`records:columns.${key}`, { defaultValue: column?.label ?? key }),
    [t],
  );
  const columnOf = (ref: { source: Source; field: string }) =>
    sources.find((info) => info.source === ref.source)?.columns.find((column) => column.key === ref.field);
  /** "Field" for the base app, "App › lookup field: Field" for a joined one, with its grain. */
  const refLabel = (ref: FieldRef) => {
    const info = sources.find((each) => each.source === ref.source);
    const name = columnLabel(columnOf(ref), ref.field);
    const withSource = ref.source === 'base' || !info ? name : `${info.label}: ${name}`;
    return ref.grain
      ? t('bi:builder.withGrain', { field: withSource, grain: t(`bi:grains.${ref.grain}`) })
      : withSource;
  };
  return { sources, lookups, baseColumns, appName, columnLabel, columnOf, refLabel };
}

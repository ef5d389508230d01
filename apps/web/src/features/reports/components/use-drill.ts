// Drill to records (issue 24 item 6): a clicked group, pivot cell or chart segment asks the server for
// the record list filters that select exactly its rows, then opens /module/{id} on them.
import type { ReportDefinition } from '@formloop/contracts';
import type { RecordFilter } from '@formloop/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { recordListHref } from '../../records/index.ts';
import { drillReport } from '../api.ts';

export type DrillKey = string | number | boolean | null;
/**
 * Opens the records behind one group (its keys outermost first; none: the whole report), or with
 * `column` a pivot's column total (that column's key alone).
 */
export type DrillTo = (keys: readonly DrillKey[], column?: DrillKey) => void;

export function useDrill(definition: ReportDefinition | null, filters: readonly RecordFilter[]) {
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: drillReport, meta: { errorToast: false } });
  const { mutate } = mutation;
  const drill = useCallback<DrillTo>(
    (keys, column) => {
      if (!definition) return;
      mutate(
        { definition, filters: [...filters], keys: [...keys], ...(column === undefined ? {} : { column }) },
        {
          onSuccess: (answer) =>
            void navigate(recordListHref(answer.moduleId, answer.filters as RecordFilter[])),
        },
      );
    },
    [definition, filters, mutate, navigate],
  );
  return { drill, pending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}

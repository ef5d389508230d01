import type { QueryClient } from '@tanstack/react-query';
import { itemEditorKeys } from '../item-editor/index.ts';
import { recordKeys } from '../records/index.ts';
import { taskKeys } from '../tasks/index.ts';

/**
 * Spec §4: a pushed notice about a module refreshes that module's lists, summary, workflow history
 * and the record. Only queries on screen fetch again; the rest are marked stale for their next use.
 * - the record lists and drafts of the module, and its summary (keys holding the module id);
 * - the task lists (a list holds tasks of many apps, so every one: it is one request each);
 * - the record, at any of its tasks, and its workflow history, when the notice names a record;
 *   and the open task editors, whose task may be the one the event changed.
 */
export function refreshModuleData(queryClient: QueryClient, moduleId: string, recordId: string | null): void {
  const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  refresh(recordKeys.tables(moduleId));
  refresh(recordKeys.summary(moduleId));
  refresh(taskKeys.lists());
  if (recordId) {
    refresh(itemEditorKeys.detail(recordId));
    refresh(taskKeys.history(recordId));
    refresh([...taskKeys.all, 'detail']);
  }
}

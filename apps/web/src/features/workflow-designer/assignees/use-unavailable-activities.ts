import type { WorkflowDefinition } from '@formloop/workflow';
import { useMemo } from 'react';
import { useAssigneesByIds } from '../api.ts';
import { directoryApproverIds, unavailableActivities } from '../model/approvers.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The task activities of the workflow none of whose approvers still exists (LookupAssignee ?ids=).
 * The canvas and the properties panel both ask; they share one call because the ids are the same.
 * Until the answer is in, nothing is reported.
 */
export function useUnavailableActivities(definition: WorkflowDefinition): ReadonlySet<string> {
  const ids = useMemo(() => directoryApproverIds(definition), [definition]);
  const { data } = useAssigneesByIds(ids);
  return useMemo(
    () => (data && ids.length > 0 ? unavailableActivities(definition, data) : NONE),
    [data, definition, ids.length],
  );
}

// Lookups over a definition built once per call: activities by id (the first one wins when ids
// repeat, which validation reports), connections by source in definition order, and the distinct
// sources feeding each activity (what a WaitAll Join waits for).
import type { WorkflowActivity, WorkflowConnection, WorkflowDefinition } from './types.ts';

export interface DefinitionIndex {
  activities: ReadonlyMap<string, WorkflowActivity>;
  outgoing: ReadonlyMap<string, readonly WorkflowConnection[]>;
  incomingSources: ReadonlyMap<string, readonly string[]>;
}

export function indexDefinition(definition: WorkflowDefinition): DefinitionIndex {
  const activities = new Map<string, WorkflowActivity>();
  for (const activity of definition.activities) {
    if (!activities.has(activity.activityId)) activities.set(activity.activityId, activity);
  }
  const outgoing = new Map<string, WorkflowConnection[]>();
  const incoming = new Map<string, Set<string>>();
  for (const connection of definition.connections) {
    const list = outgoing.get(connection.sourceActivityId) ?? [];
    list.push(connection);
    outgoing.set(connection.sourceActivityId, list);
    const sources = incoming.get(connection.targetActivityId) ?? new Set<string>();
    sources.add(connection.sourceActivityId);
    incoming.set(connection.targetActivityId, sources);
  }
  const incomingSources = new Map<string, string[]>();
  for (const [target, sources] of incoming) incomingSources.set(target, [...sources]);
  return { activities, outgoing, incomingSources };
}

/** The connections leaving `sourceId` on `outcome`, in definition order. */
export function connectionsOn(
  index: DefinitionIndex,
  sourceId: string,
  outcome: string,
): WorkflowConnection[] {
  return (index.outgoing.get(sourceId) ?? []).filter((connection) => connection.outcome === outcome);
}

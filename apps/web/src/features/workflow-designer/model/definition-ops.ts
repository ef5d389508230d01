// The designer's edits of a workflow definition as pure functions: each takes a definition and
// returns the next one (the same object when nothing changes, so the editor records no empty undo
// step). The canvas and the properties panel only call these.
import type { Position, WorkflowActivity, WorkflowConnection, WorkflowDefinition } from '@formloop/workflow';
import { stringList } from './properties.ts';

/** The properties whose names are the activity's outcomes: a Fork's branches, a UserTask's actions. */
export type OutcomeListProperty = 'branches' | 'actions';

const sameConnection = (a: WorkflowConnection, b: WorkflowConnection) =>
  a.sourceActivityId === b.sourceActivityId &&
  a.targetActivityId === b.targetActivityId &&
  a.outcome === b.outcome;

const hasActivity = (definition: WorkflowDefinition, id: string) =>
  definition.activities.some((activity) => activity.activityId === id);

/** A readable id that no activity has yet: approval-1, approval-2 … */
export function nextActivityId(definition: WorkflowDefinition, type: string): string {
  const base = type.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'activity';
  let n = 1;
  while (hasActivity(definition, `${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** `base`, or `base 2`, `base 3` … whichever no activity of the workflow is called yet. */
export function uniqueDisplayName(definition: WorkflowDefinition, base: string): string {
  const taken = new Set(definition.activities.map((activity) => activity.displayName));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

export function addActivity(definition: WorkflowDefinition, activity: WorkflowActivity): WorkflowDefinition {
  if (hasActivity(definition, activity.activityId)) return definition;
  return { ...definition, activities: [...definition.activities, activity] };
}

/**
 * Connects an outcome to an activity. An outcome leads to one place, so a new connection from the
 * same outcome replaces the old one; loops onto the same activity and unknown ends are refused.
 */
export function connect(definition: WorkflowDefinition, connection: WorkflowConnection): WorkflowDefinition {
  const { sourceActivityId: source, targetActivityId: target, outcome } = connection;
  if (
    source === target ||
    outcome === '' ||
    !hasActivity(definition, source) ||
    !hasActivity(definition, target)
  )
    return definition;
  if (definition.connections.some((existing) => sameConnection(existing, connection))) return definition;
  const others = definition.connections.filter(
    (existing) => !(existing.sourceActivityId === source && existing.outcome === outcome),
  );
  return {
    ...definition,
    connections: [...others, { sourceActivityId: source, targetActivityId: target, outcome }],
  };
}

export function removeConnections(
  definition: WorkflowDefinition,
  connections: readonly WorkflowConnection[],
): WorkflowDefinition {
  const next = definition.connections.filter(
    (existing) => !connections.some((gone) => sameConnection(existing, gone)),
  );
  return next.length === definition.connections.length ? definition : { ...definition, connections: next };
}

/** Removes activities together with every connection into or out of them. */
export function removeActivities(definition: WorkflowDefinition, ids: readonly string[]): WorkflowDefinition {
  const gone = new Set(ids);
  if (!definition.activities.some((activity) => gone.has(activity.activityId))) return definition;
  return {
    activities: definition.activities.filter((activity) => !gone.has(activity.activityId)),
    connections: definition.connections.filter(
      (connection) => !gone.has(connection.sourceActivityId) && !gone.has(connection.targetActivityId),
    ),
  };
}

/** Moves activities to new positions (the end of a drag). */
export function moveActivities(
  definition: WorkflowDefinition,
  positions: Readonly<Record<string, Position>>,
): WorkflowDefinition {
  let changed = false;
  const activities = definition.activities.map((activity) => {
    const position = positions[activity.activityId];
    if (!position || (activity.position?.x === position.x && activity.position?.y === position.y))
      return activity;
    changed = true;
    return { ...activity, position };
  });
  return changed ? { ...definition, activities } : definition;
}

function mapActivity(
  definition: WorkflowDefinition,
  id: string,
  change: (activity: WorkflowActivity) => WorkflowActivity,
): WorkflowDefinition {
  let changed = false;
  const activities = definition.activities.map((activity) => {
    if (activity.activityId !== id) return activity;
    const next = change(activity);
    changed ||= next !== activity;
    return next;
  });
  return changed ? { ...definition, activities } : definition;
}

export const renameActivity = (definition: WorkflowDefinition, id: string, displayName: string) =>
  mapActivity(definition, id, (activity) =>
    activity.displayName === displayName ? activity : { ...activity, displayName },
  );

/** Merges properties into an activity's properties. */
export const setProperties = (
  definition: WorkflowDefinition,
  id: string,
  patch: Record<string, unknown>,
): WorkflowDefinition =>
  mapActivity(definition, id, (activity) => ({
    ...activity,
    properties: { ...activity.properties, ...patch },
  }));

const outcomeList = (definition: WorkflowDefinition, id: string, property: OutcomeListProperty) =>
  stringList(definition.activities.find((activity) => activity.activityId === id)?.properties[property]);

/** Whether `name` could be one more outcome of the list (not empty, not taken by another entry). */
export function outcomeNameProblem(
  names: readonly string[],
  name: string,
  ownIndex?: number,
): 'empty' | 'duplicate' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  return names.some((other, index) => index !== ownIndex && other === trimmed) ? 'duplicate' : null;
}

/**
 * Renames a Fork branch or UserTask action; the connection leaving on it keeps its target. An empty
 * or already used name changes nothing (two outcomes with one name could not be told apart).
 */
export function renameOutcome(
  definition: WorkflowDefinition,
  id: string,
  property: OutcomeListProperty,
  index: number,
  name: string,
): WorkflowDefinition {
  const names = outcomeList(definition, id, property);
  const previous = names[index];
  const next = name.trim();
  if (previous === undefined || previous === next || outcomeNameProblem(names, next, index))
    return definition;
  const renamed = setProperties(definition, id, {
    [property]: names.map((current, at) => (at === index ? next : current)),
  });
  return {
    ...renamed,
    connections: renamed.connections.map((connection) =>
      connection.sourceActivityId === id && connection.outcome === previous
        ? { ...connection, outcome: next }
        : connection,
    ),
  };
}

/** Adds an outcome named `base N`, N counting on from the list's length to a free name. */
export function addOutcome(
  definition: WorkflowDefinition,
  id: string,
  property: OutcomeListProperty,
  base: string,
): WorkflowDefinition {
  const names = outcomeList(definition, id, property);
  let n = names.length + 1;
  while (names.includes(`${base} ${n}`)) n += 1;
  return setProperties(definition, id, { [property]: [...names, `${base} ${n}`] });
}

/** Removes an outcome and the connection that left on it. */
export function removeOutcome(
  definition: WorkflowDefinition,
  id: string,
  property: OutcomeListProperty,
  index: number,
): WorkflowDefinition {
  const names = outcomeList(definition, id, property);
  const gone = names[index];
  if (gone === undefined) return definition;
  const next = setProperties(definition, id, { [property]: names.filter((_, at) => at !== index) });
  return {
    ...next,
    connections: next.connections.filter(
      (connection) => !(connection.sourceActivityId === id && connection.outcome === gone),
    ),
  };
}

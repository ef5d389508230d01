// Import and export in the Elsa Workflows 2.x JSON shape (notes/workflow-format.md). Import takes
// our own format as well as real Elsa 2 exports, maps Elsa's activity kinds onto ours, keeps the
// kinds we do not know (validation then refuses to publish them) and says what it changed in
// `warnings`. Export writes Elsa's property lists so the file loads in Elsa-compatible tools; it
// keeps our activity kinds, so importDefinition(exportDefinition(d)).definition equals d whenever
// every activity has an integer position.
import { defaultDisplayName, isActivityType, readPosition } from './definition.ts';
import { mapElsaActivity } from './elsa-mapping.ts';
import { findDefinitionRoot, readProperties, stripNewtonsoft } from './elsa-read.ts';
import { isNonBlank, isRecord } from './json.ts';
import { autoLayout, LAYER_SPACING } from './layout.ts';
import { OUTCOME, WorkflowActionError } from './types.ts';
import type { WorkflowActivity, WorkflowConnection, WorkflowDefinition } from './types.ts';

export interface ImportResult {
  definition: WorkflowDefinition;
  /** English notes on what the import changed or could not carry over. */
  warnings: string[];
}

function importActivity(raw: unknown, position: number, warnings: string[]): WorkflowActivity | null {
  const activityId = isRecord(raw) ? (raw.activityId ?? raw.id) : undefined;
  if (!isRecord(raw) || !isNonBlank(activityId) || !isNonBlank(raw.type)) {
    warnings.push(`Skipped activity #${position + 1}: it has no activityId or type`);
    return null;
  }
  const label = isNonBlank(raw.displayName) ? raw.displayName : isNonBlank(raw.name) ? raw.name : activityId;
  const mapped = mapElsaActivity(raw.type, readProperties(raw.properties), label);
  warnings.push(...mapped.warnings);
  const activity: WorkflowActivity = {
    activityId,
    type: mapped.type,
    name: typeof raw.name === 'string' ? raw.name : mapped.type,
    displayName: typeof raw.displayName === 'string' ? raw.displayName : defaultDisplayName(mapped.type),
    properties: mapped.properties,
  };
  const at = readPosition(raw);
  if (at) activity.position = at;
  return activity;
}

function importConnection(
  raw: unknown,
  ids: ReadonlySet<string>,
  warnings: string[],
): WorkflowConnection | null {
  if (!isRecord(raw) || !isNonBlank(raw.sourceActivityId) || !isNonBlank(raw.targetActivityId)) {
    warnings.push('Skipped a connection without source or target');
    return null;
  }
  const { sourceActivityId, targetActivityId } = raw;
  const missing = [sourceActivityId, targetActivityId].find((id) => !ids.has(id));
  if (missing !== undefined) {
    warnings.push(`Skipped a connection to or from the missing activity '${missing}'`);
    return null;
  }
  return {
    sourceActivityId,
    targetActivityId,
    outcome: isNonBlank(raw.outcome) ? raw.outcome : OUTCOME.done,
  };
}

/** Elsa starts a workflow with triggers (HTTP endpoint, signal, timer, ...); we start at a Start. */
function addStart(definition: WorkflowDefinition, warnings: string[]): WorkflowDefinition {
  const { activities, connections } = definition;
  if (activities.length === 0 || activities.some((activity) => activity.type === 'Start')) return definition;
  const entered = new Set(
    connections.filter((c) => c.sourceActivityId !== c.targetActivityId).map((c) => c.targetActivityId),
  );
  const firstOnes = activities.filter((activity) => !entered.has(activity.activityId));
  const targets = firstOnes.length > 0 ? firstOnes : activities.slice(0, 1);
  const ids = new Set(activities.map((activity) => activity.activityId));
  let startId = 'start';
  for (let n = 2; ids.has(startId); n += 1) startId = `start-${n}`;
  const start: WorkflowActivity = {
    activityId: startId,
    type: 'Start',
    name: 'Start',
    displayName: defaultDisplayName('Start'),
    properties: {},
  };
  // Left of the activities it leads to, when they all have a place on the canvas already.
  const placed = targets.map((target) => target.position).filter((position) => position !== undefined);
  if (placed.length === targets.length) {
    start.position = {
      x: Math.min(...placed.map((position) => position.x)) - LAYER_SPACING,
      y: Math.round(placed.reduce((sum, position) => sum + position.y, 0) / placed.length),
    };
  }
  const unique = [...new Map(targets.map((target) => [target.activityId, target])).values()];
  const names = unique.map((target) => `'${target.displayName || target.activityId}'`).join(', ');
  warnings.push(`Added a Start activity leading to ${names}`);
  return {
    activities: [start, ...activities],
    connections: [
      ...unique.map((target) => ({
        sourceActivityId: startId,
        targetActivityId: target.activityId,
        outcome: OUTCOME.done,
      })),
      ...connections,
    ],
  };
}

/**
 * Reads a definition file: our own format or an Elsa 2.x export (possibly wrapped, with Newtonsoft
 * "$id"/"$values"/"$ref"). Throws WorkflowActionError('invalid-definition') only when the input is
 * not a definition at all; anything else is imported as well as possible, with warnings.
 */
export function importDefinition(json: unknown): ImportResult {
  const root = findDefinitionRoot(stripNewtonsoft(json));
  if (root === null) {
    throw new WorkflowActionError(
      'invalid-definition',
      'The file is not a workflow definition: it has no activities',
    );
  }
  const warnings: string[] = [];
  const activities = (root.activities as unknown[])
    .map((raw, position) => importActivity(raw, position, warnings))
    .filter((activity) => activity !== null);
  const ids = new Set(activities.map((activity) => activity.activityId));
  const rawConnections: unknown[] = Array.isArray(root.connections) ? root.connections : [];
  const connections = rawConnections
    .map((raw) => importConnection(raw, ids, warnings))
    .filter((connection) => connection !== null);

  const unknown = new Map<string, number>();
  for (const activity of activities) {
    if (!isActivityType(activity.type)) unknown.set(activity.type, (unknown.get(activity.type) ?? 0) + 1);
  }
  for (const [type, count] of unknown) {
    const times = count === 1 ? '1 activity' : `${count} activities`;
    warnings.push(`Activity type '${type}' is not supported (${times}); replace it before publishing`);
  }

  let definition = addStart({ activities, connections }, warnings);
  if (definition.activities.some((activity) => activity.position === undefined)) {
    definition = autoLayout(definition);
  }
  return { definition, warnings };
}

function exportProperty(name: string, value: unknown): Record<string, unknown>[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [{ name, syntax: 'Literal', expressions: { Literal: value } }];
  return [{ name, syntax: 'Json', expressions: { Json: JSON.stringify(value) } }];
}

/** Elsa-2-shaped JSON: property lists, integer x/y, our activity kinds. */
export function exportDefinition(definition: WorkflowDefinition): Record<string, unknown> {
  return {
    activities: definition.activities.map((activity) => ({
      activityId: activity.activityId,
      type: activity.type,
      name: activity.name,
      displayName: activity.displayName,
      ...(activity.position
        ? { x: Math.round(activity.position.x), y: Math.round(activity.position.y) }
        : {}),
      properties: Object.entries(activity.properties).flatMap(([name, value]) => exportProperty(name, value)),
    })),
    connections: definition.connections.map((connection) => ({
      sourceActivityId: connection.sourceActivityId,
      targetActivityId: connection.targetActivityId,
      outcome: connection.outcome,
    })),
  };
}

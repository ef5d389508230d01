// Building blocks of the designer (a new definition, a new activity from the palette) and the
// lenient reader of what workflow_draft / workflow_published hold. Stored JSON may predate a
// change or have been edited by hand, so reading it drops what is unusable instead of failing:
// validation, not parsing, tells the designer what is wrong.
import { isNonBlank, isRecord, plainRecord } from './json.ts';
import { ACTIVITY_TYPES, OUTCOME, type ActivityType, type Position } from './types.ts';
import type { WorkflowActivity, WorkflowConnection, WorkflowDefinition } from './types.ts';

/** English defaults; the web app translates the palette labels itself. */
const DEFAULT_DISPLAY_NAMES: Record<ActivityType, string> = {
  Start: 'Start',
  Approval: 'Approval',
  UserTask: 'User task',
  Decision: 'Decision',
  Fork: 'Fork',
  Join: 'Join',
  SendEmail: 'Send email',
  HttpRequest: 'HTTP request',
  SetField: 'Set field',
  Timer: 'Timer',
  End: 'End',
};

export function isActivityType(type: string): type is ActivityType {
  return (ACTIVITY_TYPES as readonly string[]).includes(type);
}

/** The readable default name of a type; an unknown (imported) type is shown as itself. */
export function defaultDisplayName(type: string): string {
  return isActivityType(type) ? DEFAULT_DISPLAY_NAMES[type] : type;
}

/** Fresh default properties per type (a new object each call: callers may keep and edit it). */
export function defaultProperties(type: string): Record<string, unknown> {
  switch (type) {
    case 'Approval':
      return { assignment: [], allowSendBack: true };
    case 'UserTask':
      return { assignment: [], actions: [OUTCOME.done], allowSendBack: true };
    case 'Decision':
      return { condition: '' };
    case 'Fork':
      return { branches: ['Branch 1', 'Branch 2'] };
    case 'Join':
      return { mode: 'WaitAll' };
    case 'SendEmail':
      return { to: '', subject: '', body: '' };
    case 'HttpRequest':
      return { url: '', method: 'GET', headers: {}, body: '' };
    case 'SetField':
      return { field: '', value: '' };
    case 'Timer':
      return { duration: 'PT1H' };
    default:
      return {};
  }
}

export function createActivity(type: ActivityType, activityId: string, position: Position): WorkflowActivity {
  return {
    activityId,
    type,
    // The technical name is the type, as Elsa's designer names a new activity; people rename the
    // displayName, which is what tasks and history show.
    name: type,
    displayName: DEFAULT_DISPLAY_NAMES[type],
    position: { x: position.x, y: position.y },
    properties: defaultProperties(type),
  };
}

/** The smallest publishable definition: Start → End. */
export function emptyDefinition(): WorkflowDefinition {
  return {
    activities: [
      createActivity('Start', 'start', { x: 0, y: 0 }),
      createActivity('End', 'end', { x: 260, y: 0 }),
    ],
    connections: [{ sourceActivityId: 'start', targetActivityId: 'end', outcome: OUTCOME.done }],
  };
}

/** A position from `{position: {x, y}}` or Elsa's top-level `x`/`y`; undefined when absent or not finite. */
export function readPosition(raw: Record<string, unknown>): Position | undefined {
  const source = isRecord(raw.position) ? raw.position : raw;
  const { x, y } = source;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    return undefined;
  }
  return { x, y };
}

function readActivity(raw: unknown): WorkflowActivity | null {
  if (!isRecord(raw) || !isNonBlank(raw.activityId) || !isNonBlank(raw.type)) return null;
  const activity: WorkflowActivity = {
    activityId: raw.activityId,
    type: raw.type,
    name: typeof raw.name === 'string' ? raw.name : raw.type,
    displayName: typeof raw.displayName === 'string' ? raw.displayName : defaultDisplayName(raw.type),
    properties: plainRecord(raw.properties),
  };
  const position = readPosition(raw);
  if (position) activity.position = position;
  return activity;
}

function readConnection(raw: unknown): WorkflowConnection | null {
  if (!isRecord(raw) || !isNonBlank(raw.sourceActivityId) || !isNonBlank(raw.targetActivityId)) return null;
  if (raw.outcome !== undefined && typeof raw.outcome !== 'string') return null;
  return {
    sourceActivityId: raw.sourceActivityId,
    targetActivityId: raw.targetActivityId,
    outcome: isNonBlank(raw.outcome) ? raw.outcome : OUTCOME.done,
  };
}

/**
 * Reads stored definition JSON. Null when it is not an object with an `activities` array;
 * otherwise malformed activities and connections are dropped and missing names, display names and
 * properties get defaults. Never throws, and never shares objects with the input.
 */
export function parseDefinition(json: unknown): WorkflowDefinition | null {
  try {
    if (!isRecord(json) || !Array.isArray(json.activities)) return null;
    const activities = json.activities.map(readActivity).filter((item) => item !== null);
    const rawConnections: unknown[] = Array.isArray(json.connections) ? json.connections : [];
    const connections = rawConnections.map(readConnection).filter((item) => item !== null);
    return { activities, connections };
  } catch {
    // Only a hostile value (a throwing getter or Proxy) gets here; it is not a definition.
    return null;
  }
}

// Publish-time checks of a definition. An empty list means publishable; each issue carries a
// code the designer translates, the activity to highlight and a detail for the message.
// Issues come in a fixed order: definition-wide ones first, then by activity order, then by code
// in the order of CODE_ORDER, then in the order they were found.
import { connectionsOn, indexDefinition, type DefinitionIndex } from './definition-index.ts';
import { isActivityType } from './definition.ts';
import { isIsoDuration } from './durations.ts';
import { distinctStrings, isNonBlank } from './json.ts';
import { activityOutcomes } from './outcomes.ts';
import { OUTCOME } from './types.ts';
import type { ValidationCode, ValidationIssue, WorkflowActivity, WorkflowDefinition } from './types.ts';

const CODE_ORDER: readonly ValidationCode[] = [
  'no-start',
  'multiple-starts',
  'no-end',
  'unknown-type',
  'duplicate-id',
  'dangling-connection',
  'unknown-outcome',
  'unreachable',
  'dead-end',
  'missing-assignees',
  'decision-branches',
  'missing-condition',
  'fork-branches',
  'join-inputs',
  'missing-property',
];

/** Outcomes that may stay unconnected: a Reject returns to the initiator, an unsupported status faults. */
const OPTIONAL_OUTCOMES: Readonly<Record<string, readonly string[]>> = {
  Approval: [OUTCOME.reject],
  HttpRequest: [OUTCOME.unsupportedStatus],
};

/** Required properties of job activities, and how to tell one is missing. */
const REQUIRED_PROPERTIES: Readonly<Record<string, { name: string; valid: (value: unknown) => boolean }>> = {
  SendEmail: { name: 'to', valid: isNonBlank },
  HttpRequest: { name: 'url', valid: isNonBlank },
  SetField: { name: 'field', valid: isNonBlank },
  Timer: { name: 'duration', valid: isIsoDuration },
};

interface Found {
  issue: ValidationIssue;
  /** -1 for definition-wide issues; the activity's position otherwise. */
  rank: number;
}

/** Activities reachable from `from` by following connections (forwards or backwards). */
function reachable(starts: string[], next: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set(starts);
  const queue = [...starts];
  for (let i = 0; i < queue.length; i += 1) {
    for (const id of next.get(queue[i] as string) ?? []) {
      if (!seen.has(id)) {
        seen.add(id);
        queue.push(id);
      }
    }
  }
  return seen;
}

function adjacency(definition: WorkflowDefinition, backwards: boolean): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { sourceActivityId, targetActivityId } of definition.connections) {
    const [from, to] = backwards
      ? [targetActivityId, sourceActivityId]
      : [sourceActivityId, targetActivityId];
    map.set(from, [...(map.get(from) ?? []), to]);
  }
  return map;
}

function typeIssues(activity: WorkflowActivity, index: DefinitionIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const id = activity.activityId;
  const props = activity.properties;
  const connected = (outcome: string) => connectionsOn(index, id, outcome).length > 0;
  if (activity.type === 'Approval' || activity.type === 'UserTask') {
    if (!Array.isArray(props.assignment) || props.assignment.length === 0) {
      issues.push({ code: 'missing-assignees', activityId: id });
    }
  }
  if (activity.type === 'Decision') {
    const missing = [OUTCOME.true, OUTCOME.false].filter((outcome) => !connected(outcome));
    if (missing.length > 0)
      issues.push({ code: 'decision-branches', activityId: id, detail: missing.join(', ') });
    if (!isNonBlank(props.condition)) issues.push({ code: 'missing-condition', activityId: id });
  }
  if (activity.type === 'Fork') {
    const branches = distinctStrings(props.branches);
    if (branches.length < 2) issues.push({ code: 'fork-branches', activityId: id });
    for (const branch of branches) {
      if (!connected(branch)) issues.push({ code: 'fork-branches', activityId: id, detail: branch });
    }
  }
  if (activity.type === 'Join' && (index.incomingSources.get(id)?.length ?? 0) < 2) {
    issues.push({ code: 'join-inputs', activityId: id });
  }
  const required = REQUIRED_PROPERTIES[activity.type];
  if (required && !required.valid(props[required.name])) {
    issues.push({ code: 'missing-property', activityId: id, detail: required.name });
  }
  return issues;
}

/**
 * dead-end: an activity with no way out, an unconnected outcome that needs a connection (Decision
 * and Fork outcomes are reported by their own codes), or no End reachable from it.
 */
function deadEndIssues(
  activity: WorkflowActivity,
  index: DefinitionIndex,
  reachesEnd: ReadonlySet<string>,
): ValidationIssue[] {
  const id = activity.activityId;
  if (activity.type === 'End') return [];
  if ((index.outgoing.get(id) ?? []).length === 0) return [{ code: 'dead-end', activityId: id }];
  const issues: ValidationIssue[] = [];
  if (isActivityType(activity.type) && activity.type !== 'Decision' && activity.type !== 'Fork') {
    const optional = OPTIONAL_OUTCOMES[activity.type] ?? [];
    for (const outcome of activityOutcomes(activity)) {
      if (!optional.includes(outcome) && connectionsOn(index, id, outcome).length === 0) {
        issues.push({ code: 'dead-end', activityId: id, detail: outcome });
      }
    }
  }
  if (issues.length === 0 && !reachesEnd.has(id)) issues.push({ code: 'dead-end', activityId: id });
  return issues;
}

export function validateDefinition(definition: WorkflowDefinition): ValidationIssue[] {
  const found: Found[] = [];
  const index = indexDefinition(definition);
  const rankOf = new Map<string, number>();
  definition.activities.forEach((activity, rank) => {
    if (!rankOf.has(activity.activityId)) rankOf.set(activity.activityId, rank);
  });
  const add = (issue: ValidationIssue, rank: number) => found.push({ issue, rank });

  const starts = definition.activities.filter((activity) => activity.type === 'Start');
  const ends = definition.activities.filter((activity) => activity.type === 'End');
  if (starts.length === 0) add({ code: 'no-start' }, -1);
  if (ends.length === 0) add({ code: 'no-end' }, -1);

  for (const connection of definition.connections) {
    const { sourceActivityId: source, targetActivityId: target, outcome } = connection;
    const sourceActivity = index.activities.get(source);
    const missing = [source, target].find((id) => !index.activities.has(id));
    if (missing !== undefined) {
      const owner = sourceActivity ? source : index.activities.has(target) ? target : undefined;
      const issue: ValidationIssue = { code: 'dangling-connection', detail: missing };
      if (owner !== undefined) issue.activityId = owner;
      add(issue, owner === undefined ? definition.activities.length : (rankOf.get(owner) ?? 0));
    }
    // An unknown type is reported as such; its outcomes cannot be judged.
    if (sourceActivity && isActivityType(sourceActivity.type)) {
      if (!activityOutcomes(sourceActivity).includes(outcome)) {
        add({ code: 'unknown-outcome', activityId: source, detail: outcome }, rankOf.get(source) ?? 0);
      }
    }
  }

  const fromStart = reachable(
    starts.map((start) => start.activityId),
    adjacency(definition, false),
  );
  const reachesEnd = reachable(
    ends.map((end) => end.activityId),
    adjacency(definition, true),
  );
  const seen = new Set<string>();
  definition.activities.forEach((activity, rank) => {
    const id = activity.activityId;
    if (!isActivityType(activity.type))
      add({ code: 'unknown-type', activityId: id, detail: activity.type }, rank);
    // A second activity with the same id shares the first one's connections: report it once.
    if (seen.has(id)) {
      add({ code: 'duplicate-id', activityId: id }, rank);
      return;
    }
    seen.add(id);
    if (activity.type === 'Start' && starts.length > 1)
      add({ code: 'multiple-starts', activityId: id }, rank);
    if (starts.length > 0 && !fromStart.has(id)) add({ code: 'unreachable', activityId: id }, rank);
    // Without any End every activity would be a dead end; no-end says it once.
    if (ends.length > 0) for (const issue of deadEndIssues(activity, index, reachesEnd)) add(issue, rank);
    if (isActivityType(activity.type)) for (const issue of typeIssues(activity, index)) add(issue, rank);
  });

  return found
    .map((item, order) => ({ ...item, order }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        CODE_ORDER.indexOf(a.issue.code) - CODE_ORDER.indexOf(b.issue.code) ||
        a.order - b.order,
    )
    .map((item) => item.issue);
}

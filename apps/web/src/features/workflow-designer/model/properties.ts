// Typed, forgiving reads of an activity's `properties`. An imported or hand-edited definition may
// hold anything there, so the designer reads each property with a default instead of trusting a cast.
import { APPROVER_TYPES } from '@formloop/contracts';
import {
  type Approver,
  type HttpRequestProperties,
  type JoinProperties,
  type WorkflowActivity,
} from '@formloop/workflow';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const isApproverType = (value: unknown): value is Approver['type'] =>
  typeof value === 'string' && (APPROVER_TYPES as readonly string[]).includes(value);

/** The assignment expression (spec §3: a list of approvers, each with approver_id). */
export function readApprovers(activity: WorkflowActivity): Approver[] {
  const list = activity.properties.assignment;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): Approver[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { approver_id: id, type, name } = item as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || !isApproverType(type)) return [];
    return [typeof name === 'string' ? { approver_id: id, type, name } : { approver_id: id, type }];
  });
}

/** Whether the assignee may send the record back (default true). */
export const readAllowSendBack = (activity: WorkflowActivity): boolean =>
  activity.properties.allowSendBack !== false;

export const readText = (activity: WorkflowActivity, property: string): string =>
  text(activity.properties[property]);

export const readJoinMode = (activity: WorkflowActivity): NonNullable<JoinProperties['mode']> =>
  activity.properties.mode === 'WaitAny' ? 'WaitAny' : 'WaitAll';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function readMethod(activity: WorkflowActivity): HttpRequestProperties['method'] {
  const method = activity.properties.method;
  return (HTTP_METHODS as readonly unknown[]).includes(method)
    ? (method as HttpRequestProperties['method'])
    : 'GET';
}

export function readHeaders(activity: WorkflowActivity): Record<string, string> {
  const headers = activity.properties.headers;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return {};
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

// Validation issues in the reader's language. validateDefinition says what is wrong by code, with
// the activity and a detail (an outcome, a property name, a type); the words are ours.
import type { ValidationIssue, WorkflowDefinition } from '@formloop/workflow';
import type { TFunction } from 'i18next';
import { outcomeLabel, WORKFLOW_DESIGNER_NAMESPACE } from './labels.ts';

/** Properties the validation may name (missing-property's detail), by their label. */
const PROPERTY_LABELS: Readonly<Record<string, string>> = {
  to: 'properties.to',
  url: 'properties.url',
  field: 'properties.field',
  duration: 'properties.duration',
};

function detailText(t: TFunction, issue: ValidationIssue): string {
  const detail = issue.detail ?? '';
  switch (issue.code) {
    case 'decision-branches':
      return detail
        .split(', ')
        .map((outcome) => outcomeLabel(t, outcome))
        .join(', ');
    case 'unknown-outcome':
    case 'dead-end':
    case 'fork-branches':
      return outcomeLabel(t, detail);
    case 'missing-property': {
      const key = PROPERTY_LABELS[detail];
      return key ? t(`${WORKFLOW_DESIGNER_NAMESPACE}:${key}`) : detail;
    }
    default:
      return detail;
  }
}

/**
 * One issue as a sentence: `issues.<code>.plain`, or `issues.<code>.detail` when the issue carries
 * a detail; {{activity}} is the activity's name (or its id when it has none).
 */
export function issueText(t: TFunction, issue: ValidationIssue, definition: WorkflowDefinition): string {
  const activity = definition.activities.find((candidate) => candidate.activityId === issue.activityId);
  const name = activity?.displayName || activity?.name || issue.activityId || '';
  const variant = issue.detail ? 'detail' : 'plain';
  return t(`${WORKFLOW_DESIGNER_NAMESPACE}:issues.${issue.code}.${variant}`, {
    activity: name,
    detail: detailText(t, issue),
  });
}

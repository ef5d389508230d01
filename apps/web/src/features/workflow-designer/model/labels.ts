// Names the designer shows for things the definition stores in English or as codes: activity kinds
// and the fixed outcomes. Branch and action names are the builder's own words and stay as typed.
import { ACTIVITY_TYPES, OUTCOME, type ActivityType } from '@formloop/workflow';
import type { TFunction } from 'i18next';

export const WORKFLOW_DESIGNER_NAMESPACE = 'workflowDesigner';

export const isKnownKind = (type: string): type is ActivityType =>
  (ACTIVITY_TYPES as readonly string[]).includes(type);

/** The kind in the reader's language; an imported kind we do not support is named as it came. */
export const kindLabel = (t: TFunction, type: string): string =>
  isKnownKind(type)
    ? t(`${WORKFLOW_DESIGNER_NAMESPACE}:kinds.${type}`)
    : t(`${WORKFLOW_DESIGNER_NAMESPACE}:kinds.unknown`, { type });

const FIXED_OUTCOMES = Object.entries(OUTCOME) as [keyof typeof OUTCOME, string][];

/** A fixed outcome (Done, Approve …) in the reader's language; a branch or action name as it is. */
export function outcomeLabel(t: TFunction, outcome: string): string {
  const fixed = FIXED_OUTCOMES.find(([, text]) => text === outcome);
  return fixed ? t(`${WORKFLOW_DESIGNER_NAMESPACE}:outcomes.${fixed[0]}`) : outcome;
}

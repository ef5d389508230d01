import { autoLayout, emptyDefinition, parseDefinition, type WorkflowDefinition } from '@formloop/workflow';

/**
 * The workflow the editor starts from: the stored draft read leniently, with places for activities
 * that have none (older Elsa definitions); an app without one starts with Start → End.
 */
export function workflowFromDraft(draft: unknown): WorkflowDefinition {
  const parsed = parseDefinition(draft);
  return parsed ? autoLayout(parsed) : emptyDefinition();
}

/** The workflow as SaveForm's `workflow` (a plain JSON object). */
export const workflowPayload = (definition: WorkflowDefinition): Record<string, unknown> => ({
  activities: definition.activities,
  connections: definition.connections,
});

import type { ValidationIssue, WorkflowActivity, WorkflowDefinition } from '@formloop/workflow';
import type { WorkflowFormFields } from '../model/form-fields.ts';

/** What the properties of one kind get: the activity, the form's fields and ways to change them. */
export interface KindPropertiesProps {
  activity: WorkflowActivity;
  definition: WorkflowDefinition;
  formFields: WorkflowFormFields;
  /** The validation issues that name this activity. */
  issues: readonly ValidationIssue[];
  /** Merges into the activity's properties; typing into one property folds into one undo step. */
  setProps(patch: Record<string, unknown>, property?: string): void;
  /** Replaces the whole definition (edits that also touch connections). */
  onChange(next: WorkflowDefinition): void;
}

/** The id of a property's input, for its label. */
export const propertyInputId = (property: string) => `workflow-property-${property}`;

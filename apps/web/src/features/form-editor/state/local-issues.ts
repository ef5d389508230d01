// Problems the editor finds without asking the server: the same checks SaveForm runs
// (validateFormDefinition from @formloop/domain) except formulas, which the server and the formula
// box check. They have the server's FormIssue shape, so one panel lists both.
import type { FormIssue } from '@formloop/contracts';
import {
  FIELD_MACHINE_NAME,
  FORM_ISSUE_MESSAGES,
  isReservedFieldName,
  toFormPayload,
  validateFormDefinition,
  type FormIssueCode,
  type ActivityPermission,
  type FormLayout,
} from '@formloop/domain';

export function localIssues(layout: FormLayout, permission: ActivityPermission[]): FormIssue[] {
  const { fieldGroups } = toFormPayload(layout, { formName: '', displayName: '', isPublished: false });
  return validateFormDefinition({ fieldGroups }, permission);
}

/** The machine-name problem of one field as the user types it (shown under the name box), or null. */
export function machineNameProblem(
  name: string,
  takenByOthers: ReadonlySet<string>,
): Extract<FormIssueCode, 'invalidFieldName' | 'reservedFieldName' | 'duplicateFieldName'> | null {
  if (!FIELD_MACHINE_NAME.test(name)) return 'invalidFieldName';
  if (isReservedFieldName(name)) return 'reservedFieldName';
  const lower = name.toLowerCase();
  if ([...takenByOthers].some((other) => other.toLowerCase() === lower)) return 'duplicateFieldName';
  return null;
}

/**
 * The live checks replace the server's answers to the same checks; what only the server checks
 * (formulas, anything newer than this editor) stays listed until the next save.
 */
export function mergeIssues(local: FormIssue[], server: FormIssue[]): FormIssue[] {
  const serverOnly = server.filter(
    (issue) => issue.code === 'formula' || !Object.hasOwn(FORM_ISSUE_MESSAGES, issue.code),
  );
  return [...local, ...serverOnly];
}

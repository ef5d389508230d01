import { msg, type FormIssue, type ErrorKey } from '@formloop/contracts';
import {
  fieldValueType,
  formIssue,
  isComputed,
  isFieldType,
  blockingIssues,
  validateFormDefinition,
  type ActivityPermission,
  type FieldValueType,
  type FormDefinitionIssue,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import { checkFormula } from '@formloop/formula';
import { AppError, fieldError } from '../../platform/http/errors.ts';

// The authoritative check of a form before SaveForm stores it and before publish: the domain's rules
// (names, settings, groups, permission rules) and every formula, checked by the same engine the
// browser evaluates with. Never eval: @formloop/formula parses and interprets.

/** A 400 whose data carries the located issues as well as the usual field errors. */
export class FormInvalidError extends AppError {
  constructor(readonly issues: FormIssue[]) {
    super(
      400,
      'VALIDATION_FAILED',
      msg('apps.invalidForm'),
      issues.map((issue) =>
        fieldError(issue.target, { key: `formIssues.${issue.code}` as ErrorKey, params: issue.params ?? {} }),
      ),
    );
    this.name = 'FormInvalidError';
  }
}

/** The body of the 400 answer (see formInvalidResponseSchema). */
export const formInvalidBody = (error: FormInvalidError) => ({
  success: false as const,
  message: error.message,
  data: {
    code: error.code,
    key: error.key,
    params: error.params,
    issues: error.issues,
    errors: error.errors ?? [],
  },
});

const valueTypeOf = (field: PayloadField): FieldValueType =>
  isFieldType(field.fieldType) ? fieldValueType(field.fieldType) : 'any';

/**
 * The names a formula may use: every field outside tables by name; every table column as
 * {table.column} (the column's values, a list); and inside a table, the columns of the same row by
 * name (a row's own values).
 */
export function formulaScope(
  groups: readonly PayloadGroup[],
  rowOf?: PayloadGroup,
): Record<string, FieldValueType> {
  const scope: Record<string, FieldValueType> = {};
  for (const group of groups) {
    for (const field of group.fields) {
      if (group.isTable) scope[`${group.name}.${field.name}`] = 'list';
      else scope[field.name] = valueTypeOf(field);
    }
  }
  if (rowOf) for (const field of rowOf.fields) scope[field.name] = valueTypeOf(field);
  return scope;
}

/** Every computed field's formula checked: unknown fields, wrong types, syntax, with their position. */
export function formulaIssues(groups: readonly PayloadGroup[]): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  const page = formulaScope(groups);
  const references = new Map<string, { field: PayloadField; names: string[] }>();
  for (const group of groups) {
    const scope = group.isTable ? formulaScope(groups, group) : page;
    for (const field of group.fields) {
      if (!isComputed(field) || !field.formula?.trim()) continue;
      const result = checkFormula(field.formula, scope, { expected: valueTypeOf(field) });
      for (const diagnostic of result.diagnostics) {
        issues.push(
          formIssue(
            'field',
            field.id,
            'formula',
            { ...diagnostic.params, formulaCode: diagnostic.code, detail: diagnostic.message },
            { start: diagnostic.start, end: diagnostic.end },
          ),
        );
      }
      references.set(field.name, { field, names: [...result.references] });
    }
  }
  return [...issues, ...cycleIssues(references)];
}

/** Computed fields that depend on themselves, directly or through others, can never be computed. */
function cycleIssues(
  references: Map<string, { field: PayloadField; names: string[] }>,
): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  for (const [name, { field }] of references) {
    const seen = new Set<string>();
    const stack = [...(references.get(name)?.names ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === name) {
        const at = { start: 0, end: field.formula.length };
        issues.push(
          formIssue(
            'field',
            field.id,
            'formula',
            { formulaCode: 'circularReference', detail: `{${name}} depends on itself`, name },
            at,
          ),
        );
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(references.get(next)?.names ?? []));
    }
  }
  return issues;
}

/** Every issue of the definition, domain rules first. */
export function formIssues(
  definition: { fieldGroups: readonly PayloadGroup[] },
  permission: readonly ActivityPermission[],
): FormIssue[] {
  return [...validateFormDefinition(definition, permission), ...formulaIssues(definition.fieldGroups)];
}

/**
 * Throws the located 400 when the definition has an issue that blocks this stage: a draft may keep
 * settings that are not filled in yet; a publish may not (blockingIssues).
 */
export function assertValidForm(
  definition: { fieldGroups: readonly PayloadGroup[] },
  permission: readonly ActivityPermission[],
  stage: 'draft' | 'publish',
): void {
  const issues = blockingIssues(formIssues(definition, permission), stage);
  if (issues.length > 0) throw new FormInvalidError(issues);
}

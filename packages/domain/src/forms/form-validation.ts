// The checks a form definition must pass before it is saved or published (SaveForm, publish). Each
// problem is located (a field id, a group name, or the form's permission rules) so the editor can
// select what is wrong. Formulas are checked by @formloop/formula, which depends on this package, so
// the server adds those issues itself; everything else is here, shared with the editor.
import { FIELD_CONTROL_LEVELS } from '../constants.ts';
import { formatMessage } from '../messages.ts';
import { FIELD_CATALOGUE, isCalculationFieldType, isFieldType, type FormField } from './field-catalogue.ts';
import { GRID_COLUMNS, type ActivityPermission, type PayloadField, type PayloadGroup } from './form-model.ts';
import { FIELD_MACHINE_NAME, isReservedFieldName } from './reserved-names.ts';

export type FormIssueKind = 'field' | 'group' | 'form';

/** Where the permission rules' issues point (they name fields and groups, not a place in the layout). */
export const PERMISSION_ISSUE_TARGET = 'permission';

/** English texts of the issues; the web app translates by code with the same {params}. */
export const FORM_ISSUE_MESSAGES = {
  invalidFieldName:
    'The field name {name} must start with a letter and hold only letters, digits and underscores (at most 64).',
  duplicateFieldName: 'Another field is already named {name}.',
  reservedFieldName: 'The field name {name} is reserved; choose another.',
  duplicateFieldId: 'Two fields share the id {id}.',
  invalidGroupName:
    'The group name {name} must start with a letter and hold only letters, digits and underscores (at most 64).',
  duplicateGroupName: 'Another group is already named {name}.',
  reservedGroupName: 'The table name {name} is reserved; choose another.',
  groupNameClash: 'The table name {name} is also the name of a field.',
  rowCountRange: 'The minimum row count ({min}) cannot exceed the maximum row count ({max}).',
  rowTooWide: 'Row {row} is {width} columns wide; a row holds at most {max}.',
  columnWidth: 'A field is 1 to {max} columns wide.',
  sliderRange: 'The minimum value must be less than the maximum value.',
  sliderInterval: 'The interval must be greater than 0 and at most the range ({range}).',
  ratingRange: 'The maximum rating must be a whole number from 1 to 10.',
  decimalPlaces: 'Decimal places must be a whole number from 0 to 10.',
  sequenceFormat: 'The sequence format needs a counter block such as {0000}.',
  lookupModule: 'Choose the app to look up.',
  listToUse: 'Choose the list to use.',
  externalUrl: 'Enter an http:// or https:// address.',
  invalidRegex: 'The pattern is not a valid regular expression.',
  formulaRequired: 'A calculation field needs a formula.',
  formula: 'The formula is not valid: {detail}',
  permissionActivity: 'A permission rule has no activity.',
  duplicateActivity: 'The activity {activityId} has more than one set of permission rules.',
  permissionField: 'The permission rules of {activityId} name the field {name}, which is not on the form.',
  permissionGroup: 'The permission rules of {activityId} name the group {name}, which is not on the form.',
  permissionControl: 'The permission rules of {activityId} use the unknown control {control}.',
} as const;
export type FormIssueCode = keyof typeof FORM_ISSUE_MESSAGES;

/**
 * Settings not filled in yet. A draft may be saved with them (a builder places fields first and
 * configures them later); publishing refuses them, since the app could not work.
 */
export const INCOMPLETE_ISSUE_CODES: readonly FormIssueCode[] = [
  'lookupModule',
  'listToUse',
  'externalUrl',
  'formulaRequired',
];

/** The issues that stop a save at a stage: every issue at publish, all but incomplete settings for a draft. */
export const blockingIssues = <T extends { code: string }>(
  issues: readonly T[],
  stage: 'draft' | 'publish',
): T[] =>
  stage === 'publish'
    ? [...issues]
    : issues.filter((issue) => !(INCOMPLETE_ISSUE_CODES as readonly string[]).includes(issue.code));

/** A located problem of a form (the contracts' FormIssue has the same shape). */
export interface FormDefinitionIssue {
  /** Field id, group name, or PERMISSION_ISSUE_TARGET. */
  target: string;
  kind: FormIssueKind;
  code: FormIssueCode;
  message: string;
  params?: Record<string, string | number>;
  /** Formula issues: the offending span of the formula (0-based, end exclusive). */
  start?: number;
  end?: number;
}

export function formIssue(
  kind: FormIssueKind,
  target: string,
  code: FormIssueCode,
  params: Record<string, string | number> = {},
  span?: { start: number; end: number },
): FormDefinitionIssue {
  return {
    target,
    kind,
    code,
    message: formatMessage(FORM_ISSUE_MESSAGES[code], params),
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(span ? { start: span.start, end: span.end } : {}),
  };
}

/** A sequence-number format's counter: a run of zeros in braces, e.g. {0000}. */
const SEQUENCE_COUNTER = /\{0+\}/;
const MAX_RATING = 10;
const MAX_DECIMAL_PLACES = 10;

const isWholeIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const hasSetting = (field: FormField, setting: string) =>
  isFieldType(field.fieldType) &&
  (FIELD_CATALOGUE[field.fieldType].settings as readonly string[]).includes(setting);

const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Whether a pattern compiles. Compiling is not running: nothing of the builder's is executed. */
const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** A field whose value a formula computes (the calculation types, or any field marked computed). */
export const isComputed = (field: Pick<FormField, 'fieldType' | 'isComputedField'>): boolean =>
  isCalculationFieldType(field.fieldType) || field.isComputedField === true;

/** The settings rules of one field (names are checked across the form, separately). */
export function fieldSettingIssues(field: FormField): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  const add = (code: FormIssueCode, params: Record<string, string | number> = {}) =>
    issues.push(formIssue('field', field.id, code, params));
  const defaults = isFieldType(field.fieldType) ? FIELD_CATALOGUE[field.fieldType].defaults : {};

  if (!isWholeIn(field.columnWidth, 1, GRID_COLUMNS)) add('columnWidth', { max: GRID_COLUMNS });

  if (field.fieldType === 'slider') {
    const min = field.minValue ?? defaults.minValue ?? 0;
    const max = field.maxValue ?? defaults.maxValue ?? 0;
    const interval = field.intervalSize ?? defaults.intervalSize ?? 0;
    if (!(min < max)) add('sliderRange');
    else if (!(interval > 0 && interval <= max - min)) add('sliderInterval', { range: max - min });
  }
  if (
    field.fieldType === 'rating' &&
    field.maxRating !== undefined &&
    !isWholeIn(field.maxRating, 1, MAX_RATING)
  ) {
    add('ratingRange');
  }
  if (field.decimalPlaces !== undefined && !isWholeIn(field.decimalPlaces, 0, MAX_DECIMAL_PLACES)) {
    add('decimalPlaces');
  }
  if (field.fieldType === 'sequence-number') {
    const format = field.sequenceFormat ?? defaults.sequenceFormat ?? '';
    if (!SEQUENCE_COUNTER.test(format)) add('sequenceFormat');
  }
  if ((field.fieldType === 'lookup' || field.fieldType === 'pull-data') && !field.lookup?.moduleId?.trim()) {
    add('lookupModule');
  }
  if (hasSetting(field, 'listToUse') && !field.listToUse?.trim()) add('listToUse');
  if (hasSetting(field, 'external') && !isHttpUrl(field.external?.url)) add('externalUrl');
  if (field.regex && !compiles(field.regex)) add('invalidRegex');
  if (isComputed(field) && !field.formula?.trim()) add('formulaRequired');
  return issues;
}

const nameIssue = (name: string): 'invalidFieldName' | 'reservedFieldName' | null => {
  if (!FIELD_MACHINE_NAME.test(name)) return 'invalidFieldName';
  if (isReservedFieldName(name)) return 'reservedFieldName';
  return null;
};

/** Names, ids and settings of every field, in form order. */
function fieldIssues(groups: readonly PayloadGroup[]): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  const names = new Map<string, number>();
  const ids = new Map<string, number>();
  const fields = groups.flatMap((group) => group.fields);
  for (const field of fields) {
    names.set(field.name.toLowerCase(), (names.get(field.name.toLowerCase()) ?? 0) + 1);
    ids.set(field.id, (ids.get(field.id) ?? 0) + 1);
  }
  const reportedIds = new Set<string>();
  for (const field of fields) {
    if ((ids.get(field.id) ?? 0) > 1 && !reportedIds.has(field.id)) {
      reportedIds.add(field.id);
      issues.push(formIssue('field', field.id, 'duplicateFieldId', { id: field.id }));
    }
    const problem = nameIssue(field.name);
    if (problem) issues.push(formIssue('field', field.id, problem, { name: field.name }));
    else if ((names.get(field.name.toLowerCase()) ?? 0) > 1) {
      // Permission rules and record values know a field by name alone, table columns included.
      issues.push(formIssue('field', field.id, 'duplicateFieldName', { name: field.name }));
    }
    issues.push(...fieldSettingIssues(field));
  }
  return issues;
}

/** Group names and row counts, and the width of each row of a non-table group. */
function groupIssues(groups: readonly PayloadGroup[]): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  const fieldNames = new Set(
    groups.flatMap((group) => group.fields.map((field) => field.name.toLowerCase())),
  );
  const seen = new Set<string>();
  for (const group of groups) {
    const add = (code: FormIssueCode, params: Record<string, string | number>) =>
      issues.push(formIssue('group', group.name, code, params));
    const key = group.name.toLowerCase();
    if (!FIELD_MACHINE_NAME.test(group.name)) add('invalidGroupName', { name: group.name });
    else if (seen.has(key)) add('duplicateGroupName', { name: group.name });
    // A table's rows are stored under its name next to the field values.
    else if (group.isTable && isReservedFieldName(group.name)) add('reservedGroupName', { name: group.name });
    else if (group.isTable && fieldNames.has(key)) add('groupNameClash', { name: group.name });
    seen.add(key);

    if (group.isTable && group.maximumRowCount !== 0 && group.minimumRowCount > group.maximumRowCount) {
      add('rowCountRange', { min: group.minimumRowCount, max: group.maximumRowCount });
    }
    // A table is one row of columns that scrolls sideways; only a section's rows share the grid.
    if (!group.isTable) {
      for (const [row, width] of rowWidths(group.fields)) {
        if (width > GRID_COLUMNS) add('rowTooWide', { row: row + 1, width, max: GRID_COLUMNS });
      }
    }
  }
  return issues;
}

function rowWidths(fields: readonly PayloadField[]): Map<number, number> {
  const widths = new Map<number, number>();
  for (const field of fields) {
    const width = typeof field.columnWidth === 'number' ? field.columnWidth : 0;
    widths.set(field.rowIndex, (widths.get(field.rowIndex) ?? 0) + width);
  }
  return new Map([...widths].sort(([a], [b]) => a - b));
}

/** Permission rules: an activity each, once; names of fields and groups on the form; known controls. */
export function permissionIssues(
  groups: readonly PayloadGroup[],
  permission: readonly ActivityPermission[],
): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  const add = (code: FormIssueCode, params: Record<string, string | number> = {}) =>
    issues.push(formIssue('form', PERMISSION_ISSUE_TARGET, code, params));
  const fieldNames = new Set(groups.flatMap((group) => group.fields.map((field) => field.name)));
  const groupNames = new Set(groups.map((group) => group.name));
  const activities = new Set<string>();
  for (const rules of permission) {
    const activityId = rules.activityId.trim();
    if (activityId === '') add('permissionActivity');
    else if (activities.has(activityId)) add('duplicateActivity', { activityId });
    activities.add(activityId);
    const check = (rule: { name: string; control: string }, known: Set<string>, code: FormIssueCode) => {
      if (!known.has(rule.name)) add(code, { activityId, name: rule.name });
      if (!(FIELD_CONTROL_LEVELS as readonly string[]).includes(rule.control)) {
        add('permissionControl', { activityId, control: rule.control });
      }
    };
    for (const rule of rules.fields) check(rule, fieldNames, 'permissionField');
    for (const rule of rules.fieldGroups) check(rule, groupNames, 'permissionGroup');
  }
  return issues;
}

/**
 * Every problem of a form definition except its formulas' (the server checks those with
 * @formloop/formula): field names, ids and settings, groups and rows, and the permission rules.
 * An empty list means the definition may be saved.
 */
export function validateFormDefinition(
  definition: { fieldGroups: readonly PayloadGroup[] },
  permission: readonly ActivityPermission[] = [],
): FormDefinitionIssue[] {
  return [
    ...groupIssues(definition.fieldGroups),
    ...fieldIssues(definition.fieldGroups),
    ...permissionIssues(definition.fieldGroups, permission),
  ];
}

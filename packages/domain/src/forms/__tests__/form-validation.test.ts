import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, createField, type FieldType, type FormField } from '../field-catalogue.ts';
import type { ActivityPermission, PayloadField, PayloadGroup } from '../form-model.ts';
import {
  FORM_ISSUE_MESSAGES,
  fieldSettingIssues,
  formIssue,
  isComputed,
  validateFormDefinition,
  type FormDefinitionIssue,
} from '../form-validation.ts';

/** A field of a type, valid as created except for the settings a builder must fill in. */
const valid = (type: FieldType, name: string, extra: Partial<FormField> = {}): FormField => {
  const field = createField(type, `id-${name}`, name);
  if (field.listToUse !== undefined) field.listToUse = 'list-1';
  if (field.lookup) field.lookup = { ...field.lookup, moduleId: 'module-1' };
  if (field.external) field.external = { ...field.external, url: 'https://api.example.com/x' };
  if (field.isComputedField) field.formula = '1';
  return { ...field, ...extra };
};

const place = (field: FormField, rowIndex: number, columnIndex: number, isTable = false): PayloadField => ({
  ...field,
  displayName: field.fieldName,
  label: field.fieldName,
  editorType: field.fieldType,
  rowIndex,
  columnIndex,
  isTable,
});

const group = (name: string, fields: PayloadField[], table?: { min: number; max: number }): PayloadGroup => ({
  displayName: name,
  sectionIndex: 0,
  name,
  orderIndex: 0,
  isTable: table !== undefined,
  minimumRowCount: table?.min ?? 0,
  maximumRowCount: table?.max ?? 0,
  fields,
});

/** One section with each field on its own row. */
const form = (...fields: FormField[]) => ({
  fieldGroups: [
    group(
      'main',
      fields.map((field, row) => place(field, row, 0)),
    ),
  ],
});

const codes = (issues: FormDefinitionIssue[]) => issues.map((issue) => `${issue.target}:${issue.code}`);
const settingCodes = (field: FormField) => fieldSettingIssues(field).map((issue) => issue.code);

describe('validateFormDefinition', () => {
  it('accepts one valid field of every type', () => {
    const fields = FIELD_TYPES.map((type, index) => valid(type, `f_${index}`));
    expect(validateFormDefinition(form(...fields))).toEqual([]);
  });

  it('accepts an empty form and an empty section', () => {
    expect(validateFormDefinition({ fieldGroups: [] })).toEqual([]);
    expect(validateFormDefinition({ fieldGroups: [group('section_1', [])] })).toEqual([]);
  });

  it('checks machine names: pattern, reserved names, uniqueness across the form ignoring case', () => {
    const issues = validateFormDefinition({
      fieldGroups: [
        group('main', [
          place(valid('text', '1st'), 0, 0),
          place(valid('text', 'has space'), 1, 0),
          place(valid('text', 'Status'), 2, 0),
          place(valid('text', 'amount'), 3, 0),
          place(valid('text', ''), 4, 0),
          place(valid('text', 'x'.repeat(65)), 5, 0),
        ]),
        group('items', [place({ ...valid('number', 'Amount'), id: 'col-amount' }, 0, 0, true)], {
          min: 0,
          max: 0,
        }),
      ],
    });
    expect(codes(issues)).toEqual([
      'id-1st:invalidFieldName',
      'id-has space:invalidFieldName',
      'id-Status:reservedFieldName',
      'id-amount:duplicateFieldName',
      `id-:invalidFieldName`,
      `id-${'x'.repeat(65)}:invalidFieldName`,
      'col-amount:duplicateFieldName',
    ]);
    expect(issues[2]).toEqual({
      target: 'id-Status',
      kind: 'field',
      code: 'reservedFieldName',
      message: 'The field name Status is reserved; choose another.',
      params: { name: 'Status' },
    });
  });

  it('reports a field id used twice once', () => {
    const a = valid('text', 'a');
    const b = { ...valid('text', 'b'), id: a.id };
    expect(codes(validateFormDefinition(form(a, b)))).toEqual(['id-a:duplicateFieldId']);
  });

  it('checks group names: pattern, uniqueness, reserved and clashing table names', () => {
    const issues = validateFormDefinition({
      fieldGroups: [
        group('main', [place(valid('text', 'customer'), 0, 0)]),
        group('Main', []),
        group('bad name', []),
        group('status', [], { min: 0, max: 0 }),
        group('customer', [], { min: 0, max: 0 }),
        group('tasks', []),
      ],
    });
    expect(codes(issues)).toEqual([
      'Main:duplicateGroupName',
      'bad name:invalidGroupName',
      'status:reservedGroupName',
      'customer:groupNameClash',
    ]);
    expect(issues.every((issue) => issue.kind === 'group')).toBe(true);
  });

  it('checks table row counts: minimum ≤ maximum, 0 maximum meaning unlimited', () => {
    const tables = (min: number, max: number) =>
      validateFormDefinition({ fieldGroups: [group('items', [], { min, max })] });
    expect(tables(1, 5)).toEqual([]);
    expect(tables(5, 5)).toEqual([]);
    expect(tables(7, 0)).toEqual([]);
    expect(tables(6, 5)).toEqual([
      {
        target: 'items',
        kind: 'group',
        code: 'rowCountRange',
        message: 'The minimum row count (6) cannot exceed the maximum row count (5).',
        params: { min: 6, max: 5 },
      },
    ]);
  });

  it('keeps a section row within 12 columns, but lets a table run wider', () => {
    const row = (widths: number[]) =>
      widths.map((width, index) => place(valid('text', `w${index}`, { columnWidth: width }), 0, index));
    expect(validateFormDefinition({ fieldGroups: [group('main', row([4, 4, 4]))] })).toEqual([]);
    const wide = validateFormDefinition({ fieldGroups: [group('main', row([6, 4, 4]))] });
    expect(wide).toEqual([
      expect.objectContaining({ target: 'main', code: 'rowTooWide', params: { row: 1, width: 14, max: 12 } }),
    ]);
    expect(
      validateFormDefinition({ fieldGroups: [group('items', row([6, 4, 4]), { min: 0, max: 0 })] }),
    ).toEqual([]);
  });

  it('checks the permission rules: activity, names on the form, known controls', () => {
    const fields = form(valid('text', 'customer'));
    const permission = [
      {
        activityId: 'fs-start',
        fields: [{ name: 'customer', control: 'hidden' }],
        fieldGroups: [{ name: 'main', control: 'readonly' }],
      },
      { activityId: 'fs-start', fields: [], fieldGroups: [] },
      { activityId: ' ', fields: [], fieldGroups: [] },
      {
        activityId: 'approve',
        fields: [
          { name: 'ghost', control: 'visible' },
          { name: 'customer', control: 'sometimes' },
        ],
        fieldGroups: [{ name: 'nowhere', control: 'hidden' }],
      },
    ] as unknown as ActivityPermission[];
    const issues = validateFormDefinition(fields, permission);
    expect(issues.map((issue) => issue.code)).toEqual([
      'duplicateActivity',
      'permissionActivity',
      'permissionField',
      'permissionControl',
      'permissionGroup',
    ]);
    expect(issues.every((issue) => issue.kind === 'form' && issue.target === 'permission')).toBe(true);
    expect(issues[2]!.message).toBe(
      'The permission rules of approve name the field ghost, which is not on the form.',
    );
    expect(validateFormDefinition(fields, [permission[0]!])).toEqual([]);
  });
});

describe('fieldSettingIssues', () => {
  it('checks the column width of every field', () => {
    expect(settingCodes(valid('text', 'a', { columnWidth: 0 }))).toEqual(['columnWidth']);
    expect(settingCodes(valid('text', 'a', { columnWidth: 13 }))).toEqual(['columnWidth']);
    expect(settingCodes(valid('text', 'a', { columnWidth: 2.5 }))).toEqual(['columnWidth']);
    expect(settingCodes(valid('text', 'a', { columnWidth: 12 }))).toEqual([]);
  });

  it('checks a slider: minimum below maximum, interval above 0 and within the range', () => {
    expect(settingCodes(valid('slider', 's', { minValue: 10, maxValue: 10 }))).toEqual(['sliderRange']);
    expect(settingCodes(valid('slider', 's', { minValue: 10, maxValue: 5 }))).toEqual(['sliderRange']);
    expect(settingCodes(valid('slider', 's', { intervalSize: 0 }))).toEqual(['sliderInterval']);
    expect(settingCodes(valid('slider', 's', { intervalSize: -1 }))).toEqual(['sliderInterval']);
    const tooBig = fieldSettingIssues(valid('slider', 's', { minValue: 0, maxValue: 10, intervalSize: 11 }));
    expect(tooBig).toEqual([expect.objectContaining({ code: 'sliderInterval', params: { range: 10 } })]);
    expect(settingCodes(valid('slider', 's', { minValue: -5, maxValue: 5, intervalSize: 10 }))).toEqual([]);
  });

  it('checks a rating from 1 to 10 and decimal places from 0 to 10', () => {
    expect(settingCodes(valid('rating', 'r', { maxRating: 0 }))).toEqual(['ratingRange']);
    expect(settingCodes(valid('rating', 'r', { maxRating: 11 }))).toEqual(['ratingRange']);
    expect(settingCodes(valid('rating', 'r', { maxRating: 10 }))).toEqual([]);
    expect(settingCodes(valid('number', 'n', { decimalPlaces: 11 }))).toEqual(['decimalPlaces']);
    expect(settingCodes(valid('number', 'n', { decimalPlaces: -1 }))).toEqual(['decimalPlaces']);
    expect(settingCodes(valid('calculation-currency', 'c', { decimalPlaces: 1.5 }))).toEqual([
      'decimalPlaces',
    ]);
    expect(settingCodes(valid('number', 'n', { decimalPlaces: 10 }))).toEqual([]);
  });

  it('needs a counter block in a sequence format', () => {
    expect(settingCodes(valid('sequence-number', 'q', { sequenceFormat: 'INV-{YYYY}' }))).toEqual([
      'sequenceFormat',
    ]);
    expect(settingCodes(valid('sequence-number', 'q', { sequenceFormat: 'INV-{}' }))).toEqual([
      'sequenceFormat',
    ]);
    expect(settingCodes(valid('sequence-number', 'q', { sequenceFormat: 'INV-{YYYY}-{000}' }))).toEqual([]);
  });

  it('needs the app a lookup or pull-data field looks up', () => {
    for (const type of ['lookup', 'pull-data'] as const) {
      const field = createField(type, 'l', 'l');
      expect(settingCodes(field), type).toEqual(['lookupModule']);
      expect(settingCodes({ ...field, lookup: { ...field.lookup!, moduleId: ' ' } }), type).toEqual([
        'lookupModule',
      ]);
    }
  });

  it('needs the list of dropdowns, checklists and reference multi-selects', () => {
    for (const type of ['dropdown', 'checklist', 'multi-select-reference'] as const) {
      expect(settingCodes(createField(type, 'd', 'd')), type).toEqual(['listToUse']);
    }
  });

  it('needs an http(s) address on every type with external settings', () => {
    const external = [
      'remote-lookup',
      'multi-select-external',
      'input-external',
      'button',
      'calculation-remote-lookup',
    ] as const;
    for (const type of external) {
      const field = valid(type, 'e');
      expect(settingCodes(field), type).toEqual([]);
      for (const url of ['', 'ftp://example.com/x', 'javascript:alert(1)', 'not a url']) {
        expect(settingCodes({ ...field, external: { ...field.external!, url } }), `${type} ${url}`).toEqual([
          'externalUrl',
        ]);
      }
    }
  });

  it('needs a pattern that compiles', () => {
    expect(settingCodes(valid('text', 't', { regex: '[a-z' }))).toEqual(['invalidRegex']);
    expect(settingCodes(valid('text', 't', { regex: '^[A-Z]{2}\\d+$' }))).toEqual([]);
  });

  it('needs a formula on calculation fields and on fields marked computed', () => {
    expect(settingCodes(valid('calculation-number', 'c', { formula: '  ' }))).toEqual(['formulaRequired']);
    expect(settingCodes(valid('text', 't', { isComputedField: true }))).toEqual(['formulaRequired']);
    expect(isComputed(createField('calculation-element', 'c', 'c'))).toBe(true);
    expect(isComputed(createField('number', 'n', 'n'))).toBe(false);
  });

  it('locates every issue on the field id', () => {
    const issues = fieldSettingIssues(valid('rating', 'r', { maxRating: 20, columnWidth: 20 }));
    expect(issues.map((issue) => [issue.kind, issue.target])).toEqual([
      ['field', 'id-r'],
      ['field', 'id-r'],
    ]);
  });
});

describe('formIssue', () => {
  it('fills the English text from its params and keeps a formula span', () => {
    expect(
      formIssue(
        'field',
        'f1',
        'formula',
        { detail: 'Unknown field {x} at position 0' },
        { start: 0, end: 3 },
      ),
    ).toEqual({
      target: 'f1',
      kind: 'field',
      code: 'formula',
      message: 'The formula is not valid: Unknown field {x} at position 0',
      params: { detail: 'Unknown field {x} at position 0' },
      start: 0,
      end: 3,
    });
    expect(formIssue('field', 'f1', 'sequenceFormat').message).toBe(FORM_ISSUE_MESSAGES.sequenceFormat);
  });
});

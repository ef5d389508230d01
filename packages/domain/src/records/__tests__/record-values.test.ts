import { describe, expect, it } from 'vitest';
import { COMPLETE_ACTIVITY_ID, START_ACTIVITY_ID } from '../../constants.ts';
import { createField, type FieldType, type FormField } from '../../forms/field-catalogue.ts';
import type { ActivityPermission, PayloadField, PayloadGroup } from '../../forms/form-model.ts';
import { MESSAGES } from '../../messages.ts';
import {
  checkFieldValue,
  coerceFieldValue,
  fieldsHiddenAt,
  fileKeysInValues,
  maskPasswordValues,
  normaliseRecordValues,
  PASSWORD_MASK,
  RECORD_VALUE_MESSAGES as M,
  tableCellKey,
  withoutHiddenFields,
  type RecordDefinition,
} from '../record-values.ts';

const NOW = new Date('2026-11-22T10:11:12.000Z');
const USER_A = '11111111-2222-4333-8444-555555555555';
const USER_B = 'AAAAAAAA-2222-4333-8444-555555555555';

function field(type: FieldType, name: string, extra: Partial<FormField> = {}): PayloadField {
  const created = createField(type, `id-${name}`, name);
  return {
    ...created,
    ...extra,
    displayName: name,
    label: name,
    editorType: type,
    rowIndex: 0,
    columnIndex: 0,
    isTable: false,
  };
}

function group(name: string, fields: PayloadField[], table?: { min?: number; max?: number }): PayloadGroup {
  return {
    displayName: name,
    sectionIndex: 0,
    name,
    orderIndex: 0,
    isTable: table !== undefined,
    minimumRowCount: table?.min ?? 0,
    maximumRowCount: table?.max ?? 0,
    fields: fields.map((f) => ({ ...f, isTable: table !== undefined })),
  };
}

const definitionOf = (groups: PayloadGroup[], permission: ActivityPermission[] = []): RecordDefinition => ({
  fieldGroups: groups,
  permission,
});

const draft = { activityId: START_ACTIVITY_ID, now: NOW, mode: 'draft' as const };
const submit = { ...draft, mode: 'submit' as const };

const file = {
  uid: 'u1',
  url: '/f/k1',
  name: 'a.pdf',
  status: 'done',
  fileKey: 'k1',
  type: 'application/pdf',
  size: 3,
};

describe('coerceFieldValue: the stored shape of each type', () => {
  const coerce = (type: FieldType, raw: unknown, extra: Partial<FormField> = {}) =>
    coerceFieldValue(field(type, 'f', extra), type, raw);

  it.each<[FieldType, unknown, unknown]>([
    ['text', 'hello', 'hello'],
    ['text', 42, '42'],
    ['text', '', null],
    ['textarea', 'a\nb', 'a\nb'],
    ['dropdown', 'ref-1', 'ref-1'],
    ['number', 3.5, 3.5],
    ['number', '1.234,5', 1234.5],
    ['number', '1,234', 1234],
    ['number', ' ', null],
    ['slider', '40', 40],
    ['rating', 4, 4],
    ['switch', false, false],
    ['switch', 'yes', true],
    ['checkbox', '0', false],
    ['checkbox', 1, true],
    ['date', '2026-02-28', '2026-02-28'],
    ['date', '2026-02-28T23:00:00Z', '2026-02-28'],
    ['datetime', '2026-11-22T12:00:00+02:00', '2026-11-22T10:00:00.000Z'],
    ['datetime', '2026-11-22 10:00:00', '2026-11-22T10:00:00.000Z'],
    ['datetime', '2026-11-22', '2026-11-22T00:00:00.000Z'],
    ['datetime', '2026-11-22T10:00:00.123456Z', '2026-11-22T10:00:00.123Z'],
    ['time', '09:30', '09:30:00'],
    ['time', '09:30:15.250', '09:30:15'],
    ['checklist', ['a', 'b', 'a'], ['a', 'b']],
    ['checklist', 'a', ['a']],
    ['checklist', [], null],
    ['multi-select-user', [USER_A, USER_B], [USER_A, USER_B.toLowerCase()]],
    ['user', USER_B, USER_B.toLowerCase()],
    ['user', [USER_A], USER_A],
    ['lookup', { id: 7, label: 'Seven', extra: true }, { id: '7', label: 'Seven' }],
    ['pull-data', { id: 'r1' }, { id: 'r1', label: '' }],
    ['file', { ...file, hacked: 1, status: 'uploading' }, { ...file, status: 'done' }],
    ['image', [file], file],
    ['multi-file', file, [file]],
    ['signature', 'Ada Lovelace', 'Ada Lovelace'],
    ['signature', file, file],
    ['remote-lookup', { code: 1 }, '{"code":1}'],
    ['button', 'anything', null],
  ])('%s: %j → %j', (type, raw, expected) => {
    expect(coerce(type, raw)).toEqual({ ok: true, value: expected });
  });

  it('keeps a user field with multiUserSelected as a list of ids', () => {
    expect(coerce('user', USER_A, { multiUserSelected: true })).toEqual({ ok: true, value: [USER_A] });
  });

  it.each<[FieldType, unknown, string]>([
    ['number', 'abc', M.number],
    ['number', Number.NaN, M.number],
    ['number', { n: 1 }, M.number],
    ['switch', 'maybe', M.boolean],
    ['date', '2026-02-30', M.date],
    ['date', '22/11/2026', M.date],
    ['datetime', 'yesterday', M.dateTime],
    ['time', '25:00', M.time],
    ['text', { a: 1 }, M.text],
    ['checklist', [{ a: 1 }], M.list],
    ['multi-select-user', ['ada'], M.user],
    ['user', 'not-a-uuid', M.user],
    ['lookup', 'r1', M.lookup],
    ['lookup', { label: 'x' }, M.lookup],
    ['file', { name: 'a' }, M.file],
    ['image', [file, file], M.file],
    ['multi-file', [file, 'x'], M.file],
  ])('%s refuses %j', (type, raw, message) => {
    expect(coerce(type, raw)).toEqual({ ok: false, message });
  });
});

describe('checkFieldValue: spec §5 value rules', () => {
  it('requires, checks e-mail, numbers, ranges, the text value check and the pattern', () => {
    expect(checkFieldValue(field('text', 'a', { required: true }), 'text', ' ')).toBe(MESSAGES.required);
    expect(checkFieldValue(field('checkbox', 'a', { required: true }), 'checkbox', false)).toBe(
      MESSAGES.required,
    );
    expect(checkFieldValue(field('switch', 'a', { required: true }), 'switch', false)).toBeNull();
    expect(checkFieldValue(field('email', 'a'), 'email', 'nope')).toBe(M.email);
    expect(checkFieldValue(field('slider', 'a'), 'slider', 101)).toBe('The value must be between 0 and 100');
    expect(checkFieldValue(field('rating', 'a', { maxRating: 3 }), 'rating', 4)).toBe(
      'The value must be between 0 and 3',
    );
    expect(checkFieldValue(field('text', 'a'), 'text', 'a<b>')).toBe(MESSAGES.valueSpecialChars);
    expect(checkFieldValue(field('text', 'a', { regex: '^\\d+$' }), 'text', '12a')).toBe(M.pattern);
    expect(checkFieldValue(field('text', 'a', { regex: '(' }), 'text', 'x')).toBeNull();
    expect(checkFieldValue(field('textarea', 'a'), 'textarea', 'a<b>')).toBeNull();
  });
});

describe('normaliseRecordValues', () => {
  const definition = definitionOf([
    group('main', [
      field('text', 'title', { required: true }),
      field('number', 'amount'),
      field('email', 'mail'),
      field('sequence-number', 'seq'),
      field('calculation-number', 'total', { formula: '{amount} * 2' }),
      field('button', 'go'),
    ]),
    group('lines', [field('text', 'item', { required: true }), field('number', 'qty')], { min: 1, max: 2 }),
  ]);

  it('keeps only known fields, in their stored shapes, leaving empty values out', () => {
    const result = normaliseRecordValues(
      definition,
      {
        title: 'Invoice',
        amount: '12,5',
        mail: '',
        unknown: 'x',
        go: 'x',
        lines: [{ item: 'A', qty: '2', x: 1 }],
      },
      draft,
    );
    expect(result).toEqual({
      values: { title: 'Invoice', amount: 12.5, lines: [{ item: 'A', qty: 2 }] },
      problems: [],
    });
  });

  it('checks required and row counts only on submit; shapes and value rules always', () => {
    expect(normaliseRecordValues(definition, { mail: 'bad', amount: 'x' }, draft).problems).toEqual([
      { field: 'amount', message: M.number },
      { field: 'mail', message: M.email },
    ]);
    expect(normaliseRecordValues(definition, { lines: [{ qty: 1 }, {}, {}] }, submit).problems).toEqual([
      { field: 'title', message: MESSAGES.required },
      { field: 'lines', message: 'Use at most 2 rows' },
      { field: tableCellKey('lines', 0, 'item'), message: MESSAGES.required },
      { field: 'lines.1.item', message: MESSAGES.required },
      { field: 'lines.2.item', message: MESSAGES.required },
    ]);
    expect(normaliseRecordValues(definition, { title: 'T' }, submit).problems).toEqual([
      { field: 'lines', message: 'Add at least 1 rows' },
    ]);
    expect(normaliseRecordValues(definition, { title: 'T', lines: 'x' }, draft).problems).toEqual([
      { field: 'lines', message: M.rows },
    ]);
  });

  it('never takes a sequence number from the client; computed values pass through for recomputing', () => {
    const created = normaliseRecordValues(definition, { title: 'T', seq: 'INV-9', total: 5 }, draft);
    expect(created.values).toEqual({ title: 'T', total: 5 });
    const updated = normaliseRecordValues(
      definition,
      { title: 'T', seq: 'INV-9' },
      { ...draft, stored: { seq: 'INV-1' } },
    );
    expect(updated.values).toEqual({ title: 'T', seq: 'INV-1' });
  });

  describe('field permissions at the activity', () => {
    const permission: ActivityPermission[] = [
      {
        activityId: START_ACTIVITY_ID,
        fields: [
          { name: 'secret', control: 'hidden' },
          { name: 'fixed', control: 'readonly' },
          { name: 'price', control: 'readonly' },
        ],
        fieldGroups: [],
      },
    ];
    const guarded = definitionOf(
      [
        group('main', [
          field('text', 'secret', { required: true }),
          field('text', 'fixed', { value: 'preset', required: true }),
          field('text', 'locked', { disabled: true, value: 'd' }),
          field('file', 'doc', { disabled: true }),
          field('text', 'free'),
        ]),
        group('rows', [field('text', 'name'), field('number', 'price')], {}),
      ],
      permission,
    );
    const stored = { secret: 's', fixed: 'f', locked: 'l', rows: [{ name: 'a', price: 1 }] };

    it('keeps stored values of hidden, read-only and disabled fields whatever the client sends', () => {
      const result = normaliseRecordValues(
        guarded,
        {
          secret: 'x',
          fixed: 'x',
          locked: 'x',
          doc: file,
          free: 'ok',
          rows: [{ name: 'b', price: 9 }, { price: 5 }],
        },
        { ...submit, stored },
      );
      expect(result.problems).toEqual([]);
      expect(result.values).toEqual({
        secret: 's',
        fixed: 'f',
        locked: 'l',
        doc: file,
        free: 'ok',
        rows: [{ name: 'b', price: 1 }, {}],
      });
    });

    it('gives locked fields of a new record their defaults, never the input', () => {
      const result = normaliseRecordValues(guarded, { secret: 'x', fixed: 'x', locked: 'x' }, submit);
      expect(result.values).toEqual({ fixed: 'preset', locked: 'd' });
    });

    it('keeps a whole read-only table as stored and makes a completed record read-only', () => {
      const done = normaliseRecordValues(
        guarded,
        { free: 'changed', rows: [] },
        { ...draft, activityId: COMPLETE_ACTIVITY_ID, stored },
      );
      expect(done.values).toEqual(stored);
    });

    it('lists and strips what is hidden, tables and their columns included', () => {
      const hidingTable = definitionOf(guarded.fieldGroups, [
        {
          activityId: START_ACTIVITY_ID,
          fields: [
            { name: 'secret', control: 'hidden' },
            { name: 'price', control: 'hidden' },
          ],
          fieldGroups: [],
        },
        { activityId: COMPLETE_ACTIVITY_ID, fields: [], fieldGroups: [{ name: 'rows', control: 'hidden' }] },
      ]);
      expect(fieldsHiddenAt(hidingTable, START_ACTIVITY_ID)).toEqual(new Set(['secret', 'rows.price']));
      expect(fieldsHiddenAt(hidingTable, COMPLETE_ACTIVITY_ID)).toEqual(new Set(['rows']));
      expect(withoutHiddenFields(hidingTable, START_ACTIVITY_ID, stored)).toEqual({
        fixed: 'f',
        locked: 'l',
        rows: [{ name: 'a' }],
      });
      expect(withoutHiddenFields(hidingTable, COMPLETE_ACTIVITY_ID, stored)).toEqual({
        secret: 's',
        fixed: 'f',
        locked: 'l',
      });
    });
  });

  it('normalises dates, times and booleans in table cells too, keyed by cell', () => {
    const dated = definitionOf([group('t', [field('datetime', 'at'), field('switch', 'on')], {})]);
    const result = normaliseRecordValues(
      dated,
      { t: [{ at: '2026-01-01 08:00', on: 'no' }, { at: 'x' }] },
      draft,
    );
    expect(result.values).toEqual({ t: [{ at: '2026-01-01T08:00:00.000Z', on: false }, {}] });
    expect(result.problems).toEqual([{ field: 't.1.at', message: M.dateTime }]);
  });

  it('fills today and now defaults of locked date fields on a new record in UTC', () => {
    const locked = definitionOf([
      group('m', [
        field('date', 'd', { today: true, disabled: true }),
        field('time', 't', { now: true, disabled: true }),
      ]),
    ]);
    expect(normaliseRecordValues(locked, {}, draft).values).toEqual({ d: '2026-11-22', t: '10:11:12' });
  });
});

describe('masks, hidden fields and file keys', () => {
  const definition = definitionOf([
    group('m', [field('password', 'pw'), field('image', 'pic'), field('signature', 'sig')]),
    group('t', [field('password', 'pin'), field('multi-file', 'docs')], {}),
  ]);
  const values = {
    pw: 'secret',
    pic: file,
    sig: { ...file, fileKey: 'k2' },
    t: [{ pin: '1234', docs: [{ ...file, fileKey: 'k3' }, file] }, { pin: null }],
  };

  it('masks passwords for audit rows or removes them for lists', () => {
    expect(maskPasswordValues(definition, values)).toEqual({
      ...values,
      pw: PASSWORD_MASK,
      t: [{ pin: PASSWORD_MASK, docs: values.t[0]!.docs }, { pin: null }],
    });
    expect(maskPasswordValues(definition, values, 'remove')).toEqual({
      pic: file,
      sig: values.sig,
      t: [{ docs: values.t[0]!.docs }, {}],
    });
  });

  it('finds every file key, table cells included', () => {
    expect(fileKeysInValues(definition, values).sort()).toEqual(['k1', 'k2', 'k3']);
  });
});

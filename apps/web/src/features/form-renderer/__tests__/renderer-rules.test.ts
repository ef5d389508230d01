import { MESSAGES, START_ACTIVITY_ID } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { acceptsFile } from '../controls/upload-control.tsx';
import { previewSequence } from '../controls/sequence-control.tsx';
import { toUserOptions } from '../controls/user-control.tsx';
import { fieldAccess, gridRows, withDefaults } from '../renderer-model.ts';
import { validateValues } from '../validate-values.ts';
import { definitionOf, payloadField, payloadGroup } from './fixtures.tsx';

// The number format's unit tests live in packages/domain/src/records/__tests__/number-format.test.ts.

describe('value checks', () => {
  const definition = definitionOf([
    payloadGroup('main', [
      payloadField('text', 'name', 'Name', { required: true }),
      payloadField('text', 'code', 'Code', { regex: '^\\d+$' }),
      payloadField('email', 'mail', 'Mail'),
      payloadField('slider', 'score', 'Score', { minValue: 1, maxValue: 5 }),
      payloadField('checkbox', 'agree', 'Agree', { required: true }),
      payloadField('text', 'locked', 'Locked', { required: true, disabled: true }),
      payloadField('calculation-number', 'total', 'Total', { required: true, formula: '1' }),
    ]),
    payloadGroup('rows', [payloadField('number', 'qty', 'Qty', { required: true })], { isTable: true }),
  ]);

  it('returns the spec message or ours per field, and table cells by group.row.field', () => {
    expect(
      validateValues(definition, {
        name: ' ',
        code: '12a',
        mail: 'nope',
        score: 9,
        agree: false,
        rows: [{ qty: 1 }, {}],
      }),
    ).toEqual({
      name: MESSAGES.required,
      code: 'The value does not match the required format',
      mail: 'Enter a valid email address',
      score: 'The value must be between 1 and 5',
      agree: MESSAGES.required,
      'rows.1.qty': MESSAGES.required,
    });
  });

  it('applies the spec value check to plain text and accepts good values', () => {
    expect(validateValues(definition, { name: 'a<b>', agree: true })).toEqual({
      name: MESSAGES.valueSpecialChars,
    });
    expect(
      validateValues(definition, { name: 'Invoice 7', code: '12', mail: 'a@b.co', score: 3, agree: true }),
    ).toEqual({});
  });

  it('skips fields hidden or read-only at the activity', () => {
    const hidden = {
      ...definition,
      permission: [
        {
          activityId: START_ACTIVITY_ID,
          fields: [{ name: 'name', control: 'hidden' as const }],
          fieldGroups: [{ name: 'rows', control: 'readonly' as const }],
        },
      ],
    };
    expect(validateValues(hidden, { agree: true, rows: [{}] }, START_ACTIVITY_ID)).toEqual({});
  });
});

describe('renderer model', () => {
  it('keeps disabled images, files and external inputs editable (spec §5)', () => {
    const group = payloadGroup('g', []);
    const access = (type: Parameters<typeof payloadField>[0]) =>
      fieldAccess(
        definitionOf([group]),
        undefined,
        group,
        payloadField(type, 'f', 'F', { disabled: true }),
        type,
      ).editable;
    expect(access('text')).toBe(false);
    expect(access('image')).toBe(true);
    expect(access('multi-file')).toBe(true);
    expect(access('input-external')).toBe(true);
    expect(access('calculation-lookup')).toBe(true);
  });

  it('places fields by row and column, keeping gaps as offsets', () => {
    const rows = gridRows(
      payloadGroup('g', [
        payloadField('text', 'b', 'B', { rowIndex: 1, columnIndex: 0, columnWidth: 12 }),
        payloadField('text', 'a2', 'A2', { rowIndex: 0, columnIndex: 8, columnWidth: 4 }),
        payloadField('text', 'a1', 'A1', { rowIndex: 0, columnIndex: 0, columnWidth: 4 }),
      ]),
    );
    expect(rows.map((row) => row.map(({ field, width, offset }) => [field.name, width, offset]))).toEqual([
      [
        ['a1', 4, 0],
        ['a2', 4, 4],
      ],
      [['b', 12, 0]],
    ]);
  });

  it('starts tables with their minimum rows and leaves set values alone', () => {
    const definition = definitionOf([
      payloadGroup('t', [payloadField('switch', 'on', 'On')], { isTable: true, minimumRowCount: 2 }),
      payloadGroup('m', [payloadField('time', 'at', 'At', { now: true })]),
    ]);
    const now = new Date(2026, 0, 2, 3, 4, 5);
    expect(withDefaults(definition, {}, now)).toEqual({ t: [{ on: false }, { on: false }], at: '03:04:05' });
    const values = { t: [], at: null };
    expect(withDefaults(definition, values, now)).toBe(values);
  });

  it('previews sequence formats, checks file types and reads user rows', () => {
    const now = new Date(2026, 4, 6);
    expect(previewSequence('INV-{YYYY}-{MM}-{0000}', now)).toBe('INV-2026-05-0001');
    expect(previewSequence('{X}{00}', now)).toBe('{X}01');
    expect(acceptsFile('.pdf, image/*', { name: 'a.PDF', type: '' })).toBe(true);
    expect(acceptsFile('.pdf,image/*', { name: 'a.png', type: 'image/png' })).toBe(true);
    expect(acceptsFile('.pdf', { name: 'a.exe', type: 'application/x-msdownload' })).toBe(false);
    expect(acceptsFile('', { name: 'a.exe', type: '' })).toBe(true);
    expect(toUserOptions([{ uid: 'u1', fullname: 'Ada' }, { id: 7, username: 'bob' }, 'junk'])).toEqual([
      { value: 'u1', label: 'Ada' },
      { value: '7', label: 'bob' },
    ]);
    expect(toUserOptions({})).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ModuleDefinition, OrganizationPreference } from '@formloop/domain';
import { field, section, table } from '../../apps/__tests__/app-fixtures.ts';
import { PRINT_TEXTS } from '../print-texts.ts';
import {
  formatPrintedDate,
  printedSections,
  richTextToPlain,
  userIdsIn,
  type PrintContext,
} from '../print-values.ts';

// What a printed entry shows, without a database: the organization's date formats and zone, values
// as people read them, and nothing the activity hides.

const preference: OrganizationPreference = {
  time_zone: 'Europe/Berlin',
  date_format: 'DD-MM-YYYY',
  datetime_format: 'DD-MM-YYYY HH:mm:ss',
  time_format: 'HH:mm:ss',
};
const FRED = '0195f0aa-0000-7000-8000-000000000001';
const context: PrintContext = {
  preference,
  userNames: new Map([[FRED, 'Fred Builder']]),
  texts: PRINT_TEXTS.de,
};
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('dates', () => {
  it('prints instants in the organization zone and formats, calendar dates and times as they are', () => {
    expect(formatPrintedDate('2026-07-01T22:30:05.000Z', 'datetime', preference)).toBe('02-07-2026 00:30:05');
    expect(formatPrintedDate('2026-01-15T10:00:00.000Z', 'date', preference)).toBe('15-01-2026');
    expect(formatPrintedDate('2026-03-01', 'date', preference)).toBe('01-03-2026');
    expect(formatPrintedDate('2026-03-01', 'datetime', { ...preference, date_format: 'MM-DD-YYYY' })).toBe(
      '03-01-2026',
    );
    expect(formatPrintedDate('07:05:00', 'time', preference)).toBe('07:05:00');
    expect(formatPrintedDate('', 'date', preference)).toBe('');
    expect(formatPrintedDate('soon', 'date', preference)).toBe('soon');
    // A zone the server does not know prints in UTC rather than failing.
    expect(
      formatPrintedDate('2026-07-01T22:30:05.000Z', 'datetime', { ...preference, time_zone: 'Nowhere/X' }),
    ).toBe('01-07-2026 22:30:05');
  });
});

describe('rich text', () => {
  it('keeps the words and the lines, never the markup', () => {
    expect(
      richTextToPlain('<p>Hotel <b>&amp;</b> train</p><ul><li>one</li><li>two</li></ul>x&#x263A;&nbsp;y'),
    ).toBe('Hotel & train\n• one\n• two\n\nx☺ y');
    expect(richTextToPlain('<script>alert(1)</script>safe')).toBe('safe');
  });
});

describe('sections', () => {
  const definition: ModuleDefinition = {
    fieldGroups: [
      section('main', [
        [field('text', 'title'), field('text', 'secret'), field('password', 'pin')],
        [
          field('number', 'amount', { format: 'Currency' }),
          field('switch', 'urgent'),
          field('user', 'owner'),
          field('multi-select-user', 'watchers'),
        ],
        [field('lookup', 'customer'), field('multi-file', 'receipts'), field('signature', 'sign')],
        [field('signature', 'typed'), field('checklist', 'tags'), field('button', 'go')],
      ]),
      table('lines', [field('text', 'item'), field('number', 'cost'), field('text', 'note')], 1),
      table('audit', [field('text', 'who')], 2),
    ],
    defaultConfig: {},
    permission: [
      {
        activityId: 'fs-complete',
        fields: [
          { name: 'secret', control: 'hidden' },
          { name: 'note', control: 'hidden' },
        ],
        fieldGroups: [{ name: 'audit', control: 'hidden' }],
      },
    ],
  };
  const data = {
    title: 'Trip',
    secret: 'should never print',
    pin: 'pin-1',
    amount: 1234.5,
    urgent: true,
    owner: FRED,
    watchers: [FRED, '0195f0aa-0000-7000-8000-000000000099'],
    customer: { id: 'c-1', label: 'Acme Ltd' },
    receipts: [
      { uid: '1', url: '', name: 'a.pdf', status: 'done', fileKey: 'k1' },
      { uid: '2', url: '', name: 'b.png', status: 'done', fileKey: 'k2' },
    ],
    sign: PNG,
    typed: 'Fred B.',
    tags: ['red', 'blue'],
    lines: [{ item: 'Train', cost: 89, note: 'hidden note' }],
    audit: [{ who: 'nobody should see this' }],
  };

  it('lists the visible fields with readable values, hidden ones and passwords left out', () => {
    const sections = printedSections(definition, 'fs-complete', data, context);
    expect(sections).toEqual([
      {
        kind: 'fields',
        title: 'Section main',
        fields: [
          { label: 'TITLE', value: { text: 'Trip' } },
          { label: 'AMOUNT', value: { text: '1,234.50' } },
          { label: 'URGENT', value: { text: 'Ja' } },
          { label: 'OWNER', value: { text: 'Fred Builder' } },
          { label: 'WATCHERS', value: { text: 'Fred Builder, 0195f0aa-0000-7000-8000-000000000099' } },
          { label: 'CUSTOMER', value: { text: 'Acme Ltd' } },
          { label: 'RECEIPTS', value: { text: 'a.pdf, b.png' } },
          { label: 'SIGN', value: { text: 'Unterschrieben', image: PNG } },
          { label: 'TYPED', value: { text: 'Fred B.' } },
          { label: 'TAGS', value: { text: 'red, blue' } },
        ],
      },
      {
        kind: 'table',
        title: 'Table lines',
        columns: ['ITEM', 'COST'],
        rows: [[{ text: 'Train' }, { text: '89' }]],
      },
    ]);
    // At the start everything but passwords and buttons shows.
    const atStart = printedSections(definition, 'fs-start', data, context);
    expect(atStart.map((one) => one.title)).toEqual(['Section main', 'Table lines', 'Table audit']);
    expect(JSON.stringify(atStart)).not.toContain('pin-1');
  });

  it('names the users of fields and table cells once', () => {
    expect(userIdsIn(definition, data).sort()).toEqual([FRED, '0195f0aa-0000-7000-8000-000000000099'].sort());
  });
});

import type { OrganizationPreferenceData, RecordRow } from '@formloop/contracts';
import type { PayloadField } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { cellText, type CellContext } from '../lib/format-value.ts';
import type { ListColumn } from '../lib/list-columns.ts';

// A list cell writes numbers in the reader's language (issue 25 item 4: never a hand-made 1,234.5).

const amount = {
  name: 'amount',
  label: 'Amount',
  fieldType: 'number',
  format: 'Currency',
} as unknown as PayloadField;
const column: ListColumn = { key: 'amount', system: false, kind: 'number', label: 'Amount', field: amount };
const row = { id: 'r-1', data: { amount: 1234.5 } } as unknown as RecordRow;
const context = (language?: string): CellContext => ({
  preference: {} as OrganizationPreferenceData,
  userNames: new Map(),
  yes: 'Yes',
  no: 'No',
  language,
});

describe('cellText for numbers', () => {
  it('follows the reader’s language', () => {
    expect(cellText(column, row, context('en'))).toBe('1,234.50');
    expect(cellText(column, row, context('de'))).toBe('1.234,50');
    expect(cellText(column, row, context('fr')).replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234,50');
    expect(cellText(column, row, context('ja'))).toBe('1,234.50');
  });
});

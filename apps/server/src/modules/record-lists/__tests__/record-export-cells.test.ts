import { describe, expect, it } from 'vitest';
import type { RecordRow } from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import { contentDisposition } from '../record-export.service.ts';
import { csvCell, exportCells, exportColumns, userIdsOf } from '../record-export-cells.ts';
import { ListColumns } from '../../records/index.ts';

// What each export cell shows, and the download's name.

const definition = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'title', label: 'Title', fieldType: 'text', editorType: 'text' },
        { name: 'amount', label: 'Amount', fieldType: 'number', editorType: 'number' },
        { name: 'paid', label: 'Paid', fieldType: 'switch', editorType: 'switch' },
        { name: 'owner', label: 'Owner', fieldType: 'user', editorType: 'user' },
        { name: 'team', label: 'Team', fieldType: 'multi-select-user', editorType: 'multi-select-user' },
        { name: 'ref', label: 'Customer', fieldType: 'lookup', editorType: 'lookup' },
        { name: 'sign', label: 'Signature', fieldType: 'signature', editorType: 'signature' },
        { name: 'docs', label: 'Docs', fieldType: 'multi-file', editorType: 'multi-file' },
        { name: 'tags', label: 'Tags', fieldType: 'checklist', editorType: 'checklist' },
        { name: 'pin', label: 'PIN', fieldType: 'password', editorType: 'password' },
      ],
    },
  ],
} as unknown as ModuleDefinition;

const columns = new ListColumns(definition);
const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';

const row = {
  id: 'r',
  display_status: 'In Progress - Running',
  created_by: U1,
  created_by_name: 'Ada',
  created_on: '2026-01-01T00:00:00.000Z',
  workflow_initiator_user: U2,
  tasks: 2,
  data: {
    title: 'T',
    amount: 12.5,
    paid: false,
    owner: U1.toUpperCase(),
    team: [U1, U2, 'gone'],
    ref: { id: 'x', label: 'Acme' },
    sign: 'Ada Typed',
    docs: [{ name: 'a.pdf' }, { name: 'b.png' }],
    tags: ['red', 'blue'],
    pin: 'secret',
  },
} as unknown as RecordRow;

describe('export cells', () => {
  it('chooses the requested known columns once, or every field and the usual system columns', () => {
    expect(exportColumns(columns, ['amount', 'amount', 'pin', 'gone', 'status']).map((c) => c.label)).toEqual(
      ['Amount', 'Status'],
    );
    expect(exportColumns(columns, undefined).map((c) => c.name)).toEqual([
      'title',
      'amount',
      'paid',
      'owner',
      'team',
      'ref',
      'sign',
      'docs',
      'tags',
      'status',
      'created_by',
      'created_on',
      'modified_by',
      'modified_on',
    ]);
  });

  it('shows users by name, lookups by label, files by name, lists joined; keeps numbers and booleans', () => {
    const chosen = exportColumns(columns, [
      'title',
      'amount',
      'paid',
      'owner',
      'team',
      'ref',
      'sign',
      'docs',
      'tags',
      'status',
      'created_by',
      'created_on',
      'workflow_initiator_user',
      'tasks',
      'flow_name',
    ]);
    expect([...userIdsOf(chosen, [row])].sort()).toEqual([U1, U2, 'gone']);
    const names = new Map([
      [U1, 'Ada'],
      [U2, 'Bo'],
    ]);
    expect(exportCells(chosen, row, names)).toEqual([
      'T',
      12.5,
      false,
      'Ada',
      'Ada, Bo, gone',
      'Acme',
      'Ada Typed',
      'a.pdf, b.png',
      'red, blue',
      'In Progress - Running',
      'Ada',
      '2026-01-01T00:00:00.000Z',
      'Bo',
      2,
      null,
    ]);
  });

  it('defuses formulas in CSV and writes booleans out', () => {
    expect(
      ['=1+1', '+1', '-x', '@a', '\tx', 'ok', 3, true, null].map((cell) => csvCell(cell as never)),
    ).toEqual(["'=1+1", "'+1", "'-x", "'@a", "'\tx", 'ok', 3, 'true', null]);
  });

  it('names the download after the app with an ASCII fallback', () => {
    expect(contentDisposition('Sales "Q1"; Ümlaut', 'xlsx')).toBe(
      `attachment; filename="Sales _Q1__ _mlaut.xlsx"; filename*=UTF-8''Sales%20%22Q1%22%3B%20%C3%9Cmlaut.xlsx`,
    );
    expect(contentDisposition('  ', 'csv')).toBe(
      `attachment; filename="export.csv"; filename*=UTF-8''export.csv`,
    );
  });
});

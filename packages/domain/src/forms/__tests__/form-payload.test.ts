import { describe, expect, it } from 'vitest';
import { createField, type FormField } from '../field-catalogue.ts';
import type { FormLayout, LayoutSection, PayloadGroup } from '../form-model.ts';
import { fieldTypeOfEditorType, fromFormPayload, payloadFields, toFormPayload } from '../form-payload.ts';

const counter = () => {
  let n = 0;
  return () => `gen-${++n}`;
};

const field = (type: Parameters<typeof createField>[0], name: string, width = 4): FormField => ({
  ...createField(type, `id-${name}`, name),
  fieldName: name.toUpperCase(),
  columnWidth: width,
});

const section = (
  name: string,
  rows: LayoutSection['rows'],
  table?: { min: number; max: number },
): LayoutSection => ({
  id: `s-${name}`,
  name,
  displayName: `Section ${name}`,
  isTable: table !== undefined,
  minimumRowCount: table?.min ?? 0,
  maximumRowCount: table?.max ?? 0,
  rows,
});

const meta = { formName: 'Orders', displayName: 'Orders', isPublished: false };

describe('toFormPayload', () => {
  const layout: FormLayout = {
    sections: [
      section('main', [
        { id: 'r1', cells: [field('text', 'customer', 6), field('number', 'amount')] },
        {
          id: 'r2',
          cells: [{ id: 'gap', fieldType: 'empty-col', columnWidth: 4 }, field('date', 'due', 8)],
        },
      ]),
      section('lines', [{ id: 'r3', cells: [field('text', 'item', 6), field('number', 'qty', 6)] }], {
        min: 1,
        max: 5,
      }),
    ],
  };
  const payload = toFormPayload(layout, meta);

  it('keeps the meta and one group per section in order', () => {
    expect(payload).toMatchObject(meta);
    expect(payload.fieldGroups.map((g) => [g.name, g.sectionIndex, g.orderIndex, g.isTable])).toEqual([
      ['main', 0, 0, false],
      ['lines', 1, 1, true],
    ]);
  });

  it('places fields by rowIndex and columnIndex (grid start) and drops empty cells', () => {
    const main = payload.fieldGroups[0]!;
    expect(main.fields.map((f) => [f.name, f.rowIndex, f.columnIndex, f.columnWidth])).toEqual([
      ['customer', 0, 0, 6],
      ['amount', 0, 6, 4],
      ['due', 1, 4, 8],
    ]);
    expect(main.fields.some((f) => (f.fieldType as string) === 'empty-col')).toBe(false);
    expect(main.fields[0]).toMatchObject({
      label: 'CUSTOMER',
      displayName: 'CUSTOMER',
      editorType: 'text',
      isTable: false,
    });
  });

  it('keeps table groups separate with their row counts and headers', () => {
    const lines = payload.fieldGroups[1]!;
    expect(lines).toMatchObject({ minimumRowCount: 1, maximumRowCount: 5, isTable: true });
    expect(lines.fields.map((f) => [f.name, f.rowIndex, f.columnIndex, f.isTable])).toEqual([
      ['item', 0, 0, true],
      ['qty', 0, 1, true],
    ]);
    for (const f of lines.fields) expect(f.headers).toEqual(['ITEM', 'QTY']);
    expect(payload.fieldGroups[0]!.fields[0]!.headers).toBeUndefined();
  });

  it('round-trips through fromFormPayload, restoring the gap as an empty cell', () => {
    const back = fromFormPayload(payload, counter());
    const main = back.sections[0]!;
    expect(main.rows.map((row) => row.cells.map((c) => [c.fieldType, c.columnWidth]))).toEqual([
      [
        ['text', 6],
        ['number', 4],
      ],
      [
        ['empty-col', 4],
        ['date', 8],
      ],
    ]);
    expect(toFormPayload(back, meta)).toEqual(payload);
  });

  it('lists every field with its group', () => {
    expect(payloadFields(payload).map(({ group, field: f }) => `${group.name}.${f.name}`)).toEqual([
      'main.customer',
      'main.amount',
      'main.due',
      'lines.item',
      'lines.qty',
    ]);
  });
});

describe('fromFormPayload', () => {
  const group = (fields: Array<Record<string, unknown>>, extra: Partial<PayloadGroup> = {}): PayloadGroup =>
    ({
      displayName: 'G',
      sectionIndex: 0,
      name: 'g',
      orderIndex: 0,
      isTable: false,
      minimumRowCount: 0,
      maximumRowCount: 0,
      fields,
      ...extra,
    }) as PayloadGroup;

  it('groups fields into rows by rowIndex and orders them by columnIndex', () => {
    const layout = fromFormPayload(
      {
        fieldGroups: [
          group([
            { id: 'b', name: 'b', editorType: 'text', rowIndex: 1, columnIndex: 0, columnWidth: 4 },
            { id: 'c', name: 'c', editorType: 'text', rowIndex: 0, columnIndex: 4, columnWidth: 4 },
            { id: 'a', name: 'a', editorType: 'text', rowIndex: 0, columnIndex: 0, columnWidth: 4 },
          ]),
        ],
      },
      counter(),
    );
    expect(layout.sections[0]!.rows.map((r) => r.cells.map((c) => c.id))).toEqual([['a', 'c'], ['b']]);
  });

  it("maps the legacy editorType 'remoteurl' to remote-lookup and drops empty-col and unknown types", () => {
    const layout = fromFormPayload(
      {
        fieldGroups: [
          group([
            {
              id: 'r',
              name: 'r',
              editorType: 'remoteurl',
              rowIndex: 0,
              columnIndex: 0,
              columnWidth: 4,
              label: 'R',
            },
            { id: 'e', name: 'e', editorType: 'empty-col', rowIndex: 0, columnIndex: 4, columnWidth: 4 },
            { id: 'x', name: 'x', editorType: 'nonsense', rowIndex: 0, columnIndex: 8, columnWidth: 4 },
          ]),
        ],
      },
      counter(),
    );
    const cells = layout.sections[0]!.rows[0]!.cells;
    expect(cells).toHaveLength(1);
    expect(cells[0]).toMatchObject({ id: 'r', fieldType: 'remote-lookup', fieldName: 'R' });
    // The catalogue defaults fill settings an old payload lacks.
    expect((cells[0] as FormField).external).toMatchObject({ requestType: 'GET' });
  });

  it('orders groups by orderIndex and clamps widths into the grid', () => {
    const layout = fromFormPayload(
      {
        fieldGroups: [
          group([{ id: 'z', name: 'z', editorType: 'text', rowIndex: 0, columnIndex: 0, columnWidth: 40 }], {
            name: 'second',
            orderIndex: 2,
          }),
          group([], { name: 'first', orderIndex: 1 }),
        ],
      },
      counter(),
    );
    expect(layout.sections.map((s) => s.name)).toEqual(['first', 'second']);
    expect(layout.sections[1]!.rows[0]!.cells[0]!.columnWidth).toBe(12);
  });

  it('reads editor types case-insensitively', () => {
    expect(fieldTypeOfEditorType('RemoteUrl')).toBe('remote-lookup');
    expect(fieldTypeOfEditorType('Calculation-Number')).toBe('calculation-number');
    expect(fieldTypeOfEditorType('empty-col')).toBeNull();
  });
});

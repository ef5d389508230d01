import { isEmptyCell, type FormField, type FormLayout, type LayoutCell } from '@formloop/domain';
import { emptyDefinition } from '@formloop/workflow';
import { describe, expect, it } from 'vitest';
import { createEditorState, makeEditorReducer } from '../state/editor-reducer.ts';
import { HISTORY_LIMIT, type EditorAction, type EditorState } from '../state/editor-types.ts';
import { localIssues, machineNameProblem } from '../state/local-issues.ts';

function setup(layout?: FormLayout) {
  let n = 0;
  const reduce = makeEditorReducer(() => `gen-${(n += 1)}`);
  const initial = createEditorState({
    layout: layout ?? {
      sections: [
        {
          id: 's1',
          name: 'section_1',
          displayName: 'Main',
          isTable: false,
          minimumRowCount: 0,
          maximumRowCount: 0,
          rows: [],
        },
      ],
    },
    permission: [],
    defaultConfig: {},
    workflow: emptyDefinition(),
  });
  const run = (...actions: EditorAction[]) => actions.reduce<EditorState>(reduce, initial);
  const from = (state: EditorState, ...actions: EditorAction[]) => actions.reduce<EditorState>(reduce, state);
  return Object.assign(run, { from });
}

/** The section's rows as lists of "name:width" (gaps as "_:width"). */
const shape = (state: EditorState, sectionIndex = 0) =>
  state.doc.layout.sections[sectionIndex]?.rows.map((row) =>
    row.cells.map((cell: LayoutCell) => `${isEmptyCell(cell) ? '_' : cell.name}:${cell.columnWidth}`),
  );

const add = (
  id: string,
  target: EditorAction & { type: 'addField' } extends { target: infer T } ? T : never,
) => ({ type: 'addField', fieldType: 'text', id, target }) as const;
const end = { sectionId: 's1', place: 'end' } as const;

function fieldOf(state: EditorState, id: string): FormField {
  for (const section of state.doc.layout.sections)
    for (const row of section.rows)
      for (const cell of row.cells) if (cell.id === id && !isEmptyCell(cell)) return cell;
  throw new Error(`no field ${id}`);
}

describe('form editor reducer', () => {
  it('adds fields with the catalogue defaults, unique machine names, and fills a row before wrapping', () => {
    const state = setup()(add('a', end), add('b', end), add('c', end), add('d', end));
    expect(shape(state)).toEqual([
      ['untitled_field:4', 'untitled_field_2:4', 'untitled_field_3:4'],
      ['untitled_field_4:4'],
    ]);
    expect(fieldOf(state, 'a')).toMatchObject({
      fieldName: 'Untitled field',
      required: false,
      columnWidth: 4,
    });
    expect(state.selection).toEqual({ kind: 'field', id: 'd' });
  });

  it('adds at a new row, or before a field in a row, wrapping what no longer fits', () => {
    const run = setup();
    let state = run(add('a', end), add('b', end), add('c', end));
    const rowId = state.doc.layout.sections[0]!.rows[0]!.id;
    state = run.from(
      state,
      add('x', { sectionId: 's1', place: 'row', rowId, index: 1 }),
      add('y', { sectionId: 's1', place: 'newRow', rowIndex: 0 }),
    );
    expect(shape(state)).toEqual([
      ['untitled_field_5:4'],
      ['untitled_field:4', 'untitled_field_4:4', 'untitled_field_2:4'],
      ['untitled_field_3:4'],
    ]);
  });

  it('moves a field within a row, across rows and across sections', () => {
    const run = setup();
    const base = run(
      add('a', end),
      add('b', end),
      { type: 'addSection', id: 's2', displayName: 'Second' },
      { type: 'addField', fieldType: 'number', id: 'n', target: { sectionId: 's2', place: 'end' } },
    );
    const row = base.doc.layout.sections[0]!.rows[0]!.id;
    const swapped = run.from(base, {
      type: 'moveField',
      id: 'a',
      target: { sectionId: 's1', place: 'row', rowId: row, index: 2 },
    });
    expect(shape(swapped)).toEqual([['untitled_field_2:4', 'untitled_field:4']]);
    const across = run.from(base, {
      type: 'moveField',
      id: 'n',
      target: { sectionId: 's1', place: 'row', rowId: row, index: 0 },
    });
    expect(shape(across)).toEqual([['untitled_field_3:4', 'untitled_field:4', 'untitled_field_2:4']]);
    expect(across.doc.layout.sections[1]!.rows).toEqual([]);
    const down = run.from(base, { type: 'nudgeField', id: 'b', direction: 'down' });
    expect(shape(down)).toEqual([['untitled_field:4'], ['untitled_field_2:4']]);
    const left = run.from(base, { type: 'nudgeField', id: 'b', direction: 'left' });
    expect(shape(left)).toEqual([['untitled_field_2:4', 'untitled_field:4']]);
  });

  it('resizes within 1–12 and wraps the cells a wider field pushes out of the row', () => {
    const run = setup();
    const state = run(add('a', end), add('b', end), add('c', end), { type: 'resizeCell', id: 'a', width: 8 });
    expect(shape(state)).toEqual([['untitled_field:8', 'untitled_field_2:4'], ['untitled_field_3:4']]);
    const clamped = run(add('a', end), { type: 'resizeCell', id: 'a', width: 40 });
    expect(shape(clamped)).toEqual([['untitled_field:12']]);
    const tiny = run(add('a', end), { type: 'resizeCell', id: 'a', width: 0 });
    expect(shape(tiny)).toEqual([['untitled_field:1']]);
  });

  it('deletes a field with its permission rules, and duplicates one next to itself', () => {
    const run = setup();
    const withRules = run(add('a', end), add('b', end), {
      type: 'setPermission',
      permission: [
        { activityId: 'fs-start', fields: [{ name: 'untitled_field', control: 'hidden' }], fieldGroups: [] },
        {
          activityId: 'fs-complete',
          fields: [
            { name: 'untitled_field', control: 'readonly' },
            { name: 'untitled_field_2', control: 'hidden' },
          ],
          fieldGroups: [],
        },
      ],
    });
    const deleted = run.from(withRules, { type: 'deleteCell', id: 'a' });
    expect(shape(deleted)).toEqual([['untitled_field_2:4']]);
    expect(deleted.doc.permission).toEqual([
      {
        activityId: 'fs-complete',
        fields: [{ name: 'untitled_field_2', control: 'hidden' }],
        fieldGroups: [],
      },
    ]);
    const copied = run(
      add('a', end),
      add('b', end),
      { type: 'updateField', id: 'a', patch: { fieldName: 'Price' } },
      { type: 'duplicateField', id: 'a', newId: 'a2' },
    );
    expect(shape(copied)).toEqual([['price:4', 'price_2:4', 'untitled_field_2:4']]);
    expect(fieldOf(copied, 'a2').fieldName).toBe('Price');
  });

  it('lets the machine name follow the label until it is typed, renaming permission rules along', () => {
    const run = setup();
    const state = run(
      add('a', end),
      {
        type: 'setPermission',
        permission: [
          {
            activityId: 'fs-start',
            fields: [{ name: 'untitled_field', control: 'hidden' }],
            fieldGroups: [],
          },
        ],
      },
      { type: 'updateField', id: 'a', patch: { fieldName: 'Unit price (€)' } },
    );
    expect(fieldOf(state, 'a').name).toBe('unit_price');
    expect(state.doc.permission[0]!.fields[0]!.name).toBe('unit_price');
    const typed = run.from(
      state,
      { type: 'updateField', id: 'a', patch: { name: 'price' } },
      { type: 'updateField', id: 'a', patch: { fieldName: 'Total' } },
    );
    expect(fieldOf(typed, 'a')).toMatchObject({ name: 'price', fieldName: 'Total' });
  });

  it('undoes and redoes every change, folds quick edits of one setting and caps the history', () => {
    const run = setup();
    const two = run(add('a', end), add('b', end));
    const undone = run.from(two, { type: 'undo' });
    expect(shape(undone)).toEqual([['untitled_field:4']]);
    const redone = run.from(two, { type: 'undo' }, { type: 'redo' });
    expect(redone.doc).toBe(two.doc);
    const afterNew = run.from(two, { type: 'undo' }, add('c', end), { type: 'redo' });
    expect(afterNew.future).toEqual([]);

    const typing = run(
      add('a', end),
      { type: 'updateField', id: 'a', patch: { fieldName: 'P' }, at: 1000 },
      { type: 'updateField', id: 'a', patch: { fieldName: 'Pr' }, at: 1200 },
      { type: 'updateField', id: 'a', patch: { fieldName: 'Pri' }, at: 1400 },
    );
    expect(typing.past).toHaveLength(2);
    expect(fieldOf(run.from(typing, { type: 'undo' }), 'a').fieldName).toBe('Untitled field');

    const many = Array.from({ length: HISTORY_LIMIT + 20 }, (_, index) => add(`f${index}`, end));
    expect(run(...many).past).toHaveLength(HISTORY_LIMIT);
  });

  it('turns a section into a table of one row of columns and back', () => {
    const run = setup();
    const state = run(
      add('a', end),
      add('b', end),
      add('c', end),
      add('d', end),
      { type: 'addEmptyCell', sectionId: 's1', id: 'gap' },
      { type: 'setTable', id: 's1', isTable: true },
    );
    const section = state.doc.layout.sections[0]!;
    expect(section).toMatchObject({ isTable: true, minimumRowCount: 1, maximumRowCount: 10 });
    expect(shape(state)).toEqual([
      ['untitled_field:4', 'untitled_field_2:4', 'untitled_field_3:4', 'untitled_field_4:4'],
    ]);
    const withMore = run.from(state, add('e', { sectionId: 's1', place: 'newRow', rowIndex: 5 }));
    expect(shape(withMore)?.[0]).toHaveLength(5);
    expect(shape(withMore)).toHaveLength(1);
    const back = run.from(state, { type: 'setTable', id: 's1', isTable: false });
    expect(shape(back)).toEqual([
      ['untitled_field:4', 'untitled_field_2:4', 'untitled_field_3:4'],
      ['untitled_field_4:4'],
    ]);
    expect(back.doc.layout.sections[0]).toMatchObject({ minimumRowCount: 0, maximumRowCount: 0 });
  });

  it('adds, renames, reorders and deletes sections', () => {
    const run = setup();
    const state = run(
      { type: 'addSection', id: 's2', displayName: 'Two' },
      { type: 'updateSection', id: 's2', patch: { displayName: 'Details', name: 'details' } },
      { type: 'moveSection', id: 's2', toIndex: 0 },
    );
    expect(state.doc.layout.sections.map((section) => section.name)).toEqual(['details', 'section_1']);
    const removed = run.from(state, { type: 'deleteSection', id: 's1' });
    expect(removed.doc.layout.sections.map((section) => section.displayName)).toEqual(['Details']);
  });

  it('reports machine names that are malformed, reserved or taken twice', () => {
    const run = setup();
    const state = run(
      add('a', end),
      add('b', end),
      add('c', end),
      { type: 'updateField', id: 'a', patch: { name: '1abc' } },
      { type: 'updateField', id: 'b', patch: { name: 'status' } },
      { type: 'updateField', id: 'c', patch: { name: 'Untitled_field_2' } },
      { type: 'addField', fieldType: 'number', id: 'd', target: end },
    );
    expect(localIssues(state.doc.layout, []).map((issue) => [issue.target, issue.code])).toEqual([
      ['a', 'invalidFieldName'],
      ['b', 'reservedFieldName'],
    ]);
    expect(machineNameProblem('untitled_field', new Set(['Untitled_Field']))).toBe('duplicateFieldName');
    expect(machineNameProblem('ok_name', new Set(['other']))).toBeNull();
  });
});

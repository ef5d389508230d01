import { describe, expect, it } from 'vitest';
import { createField, type FieldType, type FormField } from '../field-catalogue.ts';
import { countChanges, diffDefinitions, type FormChange } from '../form-diff.ts';
import type { ActivityPermission, LayoutSection, ModuleDefinition } from '../form-model.ts';
import { toFormPayload } from '../form-payload.ts';

const field = (type: FieldType, id: string, name: string, label: string, extra: Partial<FormField> = {}) => ({
  ...createField(type, id, name),
  fieldName: label,
  ...extra,
});

const section = (name: string, displayName: string, rows: FormField[][], isTable = false): LayoutSection => ({
  id: `s-${name}`,
  name,
  displayName,
  isTable,
  minimumRowCount: isTable ? 1 : 0,
  maximumRowCount: isTable ? 5 : 0,
  rows: rows.map((cells, index) => ({ id: `${name}-r${index}`, cells })),
});

function definition(
  sections: LayoutSection[],
  permission: ActivityPermission[] = [],
  defaultConfig: ModuleDefinition['defaultConfig'] = {},
): ModuleDefinition {
  const payload = toFormPayload(
    { sections },
    { formName: 'orders', displayName: 'Orders', isPublished: false },
  );
  return { fieldGroups: payload.fieldGroups, permission, defaultConfig };
}

const customer = () => field('text', 'f-customer', 'customer', 'Customer');
const amount = () => field('number', 'f-amount', 'amount', 'Amount');
const due = () => field('date', 'f-due', 'due', 'Due on');
const item = () => field('text', 'f-item', 'item', 'Item');

/** Orders: Details (customer | amount; due) and a Lines table (item). */
const base = (permission: ActivityPermission[] = [], config = {}) =>
  definition(
    [
      section('details', 'Details', [[customer(), amount()], [due()]]),
      section('lines', 'Lines', [[item()]], true),
    ],
    permission,
    config,
  );

/** The changes in a compact, readable form. */
const brief = (changes: FormChange[]) =>
  changes.map(
    (change) => `${change.kind} ${change.scope} ${change.id}${change.property ? ` ${change.property}` : ''}`,
  );

describe('diffDefinitions', () => {
  it('finds no changes between equal definitions, whatever the key order', () => {
    expect(diffDefinitions(base(), base())).toEqual([]);
    const shuffled = base();
    shuffled.fieldGroups[0]!.fields[0] = Object.fromEntries(
      Object.entries(shuffled.fieldGroups[0]!.fields[0]!).reverse(),
    ) as never;
    expect(diffDefinitions(base(), shuffled)).toEqual([]);
  });

  it('reports everything as added when nothing was published, in form order', () => {
    const after = base(
      [{ activityId: 'fs-start', fields: [{ name: 'due', control: 'hidden' }], fieldGroups: [] }],
      { recordTitle: '{customer}' },
    );
    expect(brief(diffDefinitions(null, after))).toEqual([
      'added group details',
      'added field f-customer',
      'added field f-amount',
      'added field f-due',
      'added group lines',
      'added field f-item',
      'added permission fs-start fields.due',
      'added config recordTitle recordTitle',
    ]);
    const changes = diffDefinitions(null, after);
    expect(changes[0]).toEqual({
      kind: 'added',
      scope: 'group',
      id: 'details',
      label: 'Details',
      after: 'Details',
    });
    expect(changes[2]).toEqual({
      kind: 'added',
      scope: 'field',
      id: 'f-amount',
      label: 'Amount',
      group: 'details',
      after: 'number',
    });
    expect(changes[6]).toEqual({
      kind: 'added',
      scope: 'permission',
      id: 'fs-start',
      label: 'Due on',
      group: 'details',
      property: 'fields.due',
      after: 'hidden',
    });
    expect(changes[7]).toMatchObject({ scope: 'config', before: undefined, after: '{customer}' });
  });

  it('reports a renamed field as changed, not removed and added', () => {
    const after = definition([
      section('details', 'Details', [[field('text', 'f-customer', 'client', 'Client'), amount()], [due()]]),
      section('lines', 'Lines', [[item()]], true),
    ]);
    expect(diffDefinitions(base(), after)).toEqual([
      {
        kind: 'changed',
        scope: 'field',
        id: 'f-customer',
        label: 'Client',
        group: 'details',
        property: 'fieldName',
        before: 'Customer',
        after: 'Client',
      },
      {
        kind: 'changed',
        scope: 'field',
        id: 'f-customer',
        label: 'Client',
        group: 'details',
        property: 'name',
        before: 'customer',
        after: 'client',
      },
    ]);
  });

  it('walks nested settings into dotted properties and compares arrays whole', () => {
    const lookup = () => field('lookup', 'f-lookup', 'vendor', 'Vendor');
    const before = definition([section('details', 'Details', [[lookup()]])]);
    const changed = lookup();
    changed.lookup = {
      ...changed.lookup!,
      moduleId: 'm-vendors',
      filters: [{ field: 'country', operator: 'eq', value: 'DE', valueFromField: false }],
    };
    changed.required = true;
    const after = definition([section('details', 'Details', [[changed]])]);
    expect(
      diffDefinitions(before, after).map(({ property, before: from, after: to }) => [property, from, to]),
    ).toEqual([
      ['lookup.filters', [], [{ field: 'country', operator: 'eq', value: 'DE', valueFromField: false }]],
      ['lookup.moduleId', '', 'm-vendors'],
      ['required', false, true],
    ]);
  });

  it('reports a setting that appears or disappears with the missing side undefined', () => {
    const after = definition([
      section('details', 'Details', [
        [customer(), field('number', 'f-amount', 'amount', 'Amount', { placeholder: '0.00' })],
        [due()],
      ]),
      section('lines', 'Lines', [[item()]], true),
    ]);
    expect(diffDefinitions(base(), after)).toMatchObject([
      { kind: 'changed', id: 'f-amount', property: 'placeholder', before: undefined, after: '0.00' },
    ]);
    expect(diffDefinitions(after, base())).toMatchObject([
      { kind: 'changed', id: 'f-amount', property: 'placeholder', before: '0.00', after: undefined },
    ]);
  });

  it('reports a field that changed group, row or column as moved, with its places', () => {
    const after = definition([
      section('details', 'Details', [[amount()], [customer(), due()]]),
      section('lines', 'Lines', [[item()]], true),
    ]);
    const changes = diffDefinitions(base(), after);
    expect(brief(changes)).toEqual(['moved field f-amount', 'moved field f-customer', 'moved field f-due']);
    expect(changes[1]).toMatchObject({
      before: { group: 'details', rowIndex: 0, columnIndex: 0 },
      after: { group: 'details', rowIndex: 1, columnIndex: 0 },
    });

    const toTable = definition([
      section('details', 'Details', [[customer(), amount()]]),
      section('lines', 'Lines', [[item(), due()]], true),
    ]);
    expect(diffDefinitions(base(), toTable)).toMatchObject([
      {
        kind: 'moved',
        id: 'f-due',
        group: 'lines',
        before: { group: 'details', rowIndex: 1, columnIndex: 0 },
        after: { group: 'lines', rowIndex: 0, columnIndex: 1 },
      },
    ]);
  });

  it('reports removed fields beside their group and removed groups after the form', () => {
    const after = definition([section('details', 'Details', [[customer()], [due()]])]);
    expect(diffDefinitions(base(), after)).toEqual([
      {
        kind: 'removed',
        scope: 'field',
        id: 'f-amount',
        label: 'Amount',
        group: 'details',
        before: 'number',
      },
      { kind: 'removed', scope: 'group', id: 'lines', label: 'Lines', before: 'Lines' },
      { kind: 'removed', scope: 'field', id: 'f-item', label: 'Item', group: 'lines', before: 'text' },
    ]);
  });

  it('reports group settings and order, ignoring groups only inserted before', () => {
    const renamed = definition([
      section('lines', 'Order lines', [[item()]], true),
      section('details', 'Details', [[customer(), amount()], [due()]]),
    ]);
    expect(diffDefinitions(base(), renamed)).toEqual([
      {
        kind: 'changed',
        scope: 'group',
        id: 'lines',
        label: 'Order lines',
        property: 'displayName',
        before: 'Lines',
        after: 'Order lines',
      },
      { kind: 'moved', scope: 'group', id: 'lines', label: 'Order lines', before: 1, after: 0 },
      { kind: 'moved', scope: 'group', id: 'details', label: 'Details', before: 0, after: 1 },
    ]);

    const inserted = definition([
      section('intro', 'Intro', []),
      section('details', 'Details', [[customer(), amount()], [due()]]),
      section('lines', 'Lines', [[item()]], true),
    ]);
    expect(brief(diffDefinitions(base(), inserted))).toEqual(['added group intro']);
  });

  it('reports table row limits of a group', () => {
    const after = base();
    after.fieldGroups[1]!.maximumRowCount = 10;
    expect(diffDefinitions(base(), after)).toMatchObject([
      { kind: 'changed', scope: 'group', id: 'lines', property: 'maximumRowCount', before: 5, after: 10 },
    ]);
  });

  it('reports permission rules per activity and target, start first and completed last', () => {
    const before = base([
      { activityId: 'fs-complete', fields: [{ name: 'amount', control: 'readonly' }], fieldGroups: [] },
      {
        activityId: 'fs-start',
        fields: [{ name: 'due', control: 'hidden' }],
        fieldGroups: [{ name: 'lines', control: 'readonly' }],
      },
    ]);
    const after = base([
      { activityId: 'approve', fields: [{ name: 'customer', control: 'readonly' }], fieldGroups: [] },
      {
        activityId: 'fs-start',
        fields: [
          { name: 'due', control: 'editable' },
          { name: 'amount', control: 'hidden' },
        ],
        fieldGroups: [{ name: 'details', control: 'visible' }],
      },
    ]);
    const changes = diffDefinitions(before, after);
    expect(brief(changes)).toEqual([
      'added permission fs-start fieldGroups.details',
      'added permission fs-start fields.amount',
      'changed permission fs-start fields.due',
      'removed permission fs-start fieldGroups.lines',
      'added permission approve fields.customer',
      'removed permission fs-complete fields.amount',
    ]);
    expect(changes[2]).toMatchObject({
      label: 'Due on',
      group: 'details',
      before: 'hidden',
      after: 'editable',
    });
    expect(changes[3]).toEqual({
      kind: 'removed',
      scope: 'permission',
      id: 'fs-start',
      label: 'Lines',
      property: 'fieldGroups.lines',
      before: 'readonly',
    });
  });

  it('names a rule whose target the form no longer has by its name', () => {
    const after = base([
      { activityId: 'fs-start', fields: [{ name: 'gone', control: 'hidden' }], fieldGroups: [] },
    ]);
    expect(diffDefinitions(base(), after)).toEqual([
      {
        kind: 'added',
        scope: 'permission',
        id: 'fs-start',
        label: 'gone',
        property: 'fields.gone',
        after: 'hidden',
      },
    ]);
  });

  it('reports default config changes by dotted property', () => {
    const before = base([], { listColumns: ['customer'], recordTitle: '{customer}', extra: { a: 1, b: 2 } });
    const after = base([], { listColumns: ['customer', 'amount'], extra: { a: 1, b: 3 }, colour: 'blue' });
    expect(diffDefinitions(before, after)).toEqual([
      {
        kind: 'added',
        scope: 'config',
        id: 'colour',
        label: 'colour',
        property: 'colour',
        before: undefined,
        after: 'blue',
      },
      {
        kind: 'changed',
        scope: 'config',
        id: 'extra',
        label: 'extra',
        property: 'extra.b',
        before: 2,
        after: 3,
      },
      {
        kind: 'changed',
        scope: 'config',
        id: 'listColumns',
        label: 'listColumns',
        property: 'listColumns',
        before: ['customer'],
        after: ['customer', 'amount'],
      },
      {
        kind: 'removed',
        scope: 'config',
        id: 'recordTitle',
        label: 'recordTitle',
        property: 'recordTitle',
        before: '{customer}',
        after: undefined,
      },
    ]);
  });

  it('compares an older payload without fieldType by its editorType', () => {
    const before = base();
    const after = base();
    const old = before.fieldGroups[0]!.fields[0]! as unknown as Record<string, unknown>;
    delete old.fieldType;
    expect(diffDefinitions(before, after)).toEqual([]);
  });

  it('is deterministic and leaves its inputs untouched', () => {
    const before = base();
    const after = definition([section('details', 'Details', [[amount(), customer()]])]);
    const snapshot = JSON.stringify([before, after]);
    expect(diffDefinitions(before, after)).toEqual(diffDefinitions(before, after));
    expect(JSON.stringify([before, after])).toBe(snapshot);
  });
});

describe('countChanges', () => {
  it('counts the changes of each kind', () => {
    const after = definition([
      section('details', 'Details', [[field('text', 'f-customer', 'customer', 'Client'), amount()]]),
      section('notes', 'Notes', []),
    ]);
    expect(countChanges(diffDefinitions(base(), after))).toEqual({
      added: 1,
      removed: 3,
      changed: 1,
      moved: 0,
    });
    expect(countChanges([])).toEqual({ added: 0, removed: 0, changed: 0, moved: 0 });
  });
});

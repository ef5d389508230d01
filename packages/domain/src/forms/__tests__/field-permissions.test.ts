import { describe, expect, it } from 'vitest';
import {
  controlAllows,
  defaultControl,
  effectiveControl,
  selectableActivities,
  setControl,
} from '../field-permissions.ts';
import { jsonEqual, defaultConfigInUse } from '../app-status.ts';
import { isReservedFieldName, machineNameFor } from '../reserved-names.ts';

describe('field permissions per activity', () => {
  it('lists start, the assignment activities in order, then completed', () => {
    const activities = selectableActivities([
      { type: 'UserTask', activityId: 'a1', displayName: 'Manager approval' },
      { type: 'SendEmail', activityId: 'm1', displayName: 'Mail' },
      { type: 'Approval', activityId: 'a2', name: 'finance' },
    ]);
    expect(activities.map((a) => a.activityId)).toEqual(['fs-start', 'a1', 'a2', 'fs-complete']);
    expect(activities[2]!.displayName).toBe('finance');
  });

  it('field rules beat group rules, which beat the activity default', () => {
    let rules = setControl([], 'fs-start', { kind: 'group', name: 'main' }, 'readonly');
    rules = setControl(rules, 'fs-start', { kind: 'field', name: 'amount' }, 'hidden');
    expect(effectiveControl(rules, 'fs-start', 'main', 'amount')).toBe('hidden');
    expect(effectiveControl(rules, 'fs-start', 'main', 'customer')).toBe('readonly');
    expect(effectiveControl(rules, 'fs-start', 'other', 'x')).toBe('visible');
    expect(effectiveControl(rules, 'fs-complete', 'main', 'amount')).toBe('readonly');
    expect(defaultControl('a1')).toBe('visible');
  });

  it('replaces a rule, clears it with null, and drops an emptied activity', () => {
    let rules = setControl([], 'a1', { kind: 'field', name: 'f' }, 'hidden');
    rules = setControl(rules, 'a1', { kind: 'field', name: 'f' }, 'editable');
    expect(rules).toEqual([
      { activityId: 'a1', fields: [{ name: 'f', control: 'editable' }], fieldGroups: [] },
    ]);
    expect(setControl(rules, 'a1', { kind: 'field', name: 'f' }, null)).toEqual([]);
  });

  it('says what each level allows; visible follows the field’s own disabled flag', () => {
    expect(controlAllows('hidden')).toEqual({ visible: false, editable: false });
    expect(controlAllows('readonly')).toEqual({ visible: true, editable: false });
    expect(controlAllows('editable', true)).toEqual({ visible: true, editable: true });
    expect(controlAllows('visible', true)).toEqual({ visible: true, editable: false });
    expect(controlAllows('visible')).toEqual({ visible: true, editable: true });
  });
});

describe('draft and published default config', () => {
  it('uses the published config when the draft equals it, ignoring key order', () => {
    const published: { defaultConfig: Record<string, unknown> } = {
      defaultConfig: { a: 1, b: [1, { c: 2 }] },
    };
    const draft = { defaultConfig: { b: [1, { c: 2 }], a: 1 } };
    expect(jsonEqual(draft.defaultConfig, published.defaultConfig)).toBe(true);
    expect(defaultConfigInUse(draft, published)).toBe(published.defaultConfig);
    expect(defaultConfigInUse({ defaultConfig: { a: 2 } }, published)).toEqual({ a: 2 });
    expect(defaultConfigInUse({ defaultConfig: { a: 2 } }, null)).toEqual({ a: 2 });
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});

describe('field names', () => {
  it('makes a unique machine name from a label, clear of reserved names', () => {
    expect(machineNameFor('Unit price (€)', new Set())).toBe('unit_price');
    expect(machineNameFor('Unit price', new Set(['unit_price']))).toBe('unit_price_2');
    expect(machineNameFor('2024 total', new Set())).toBe('total');
    expect(machineNameFor('!!!', new Set())).toBe('field');
    expect(machineNameFor('Created at', new Set())).toBe('created_at_2');
    expect(machineNameFor('Crème brûlée', new Set())).toBe('creme_brulee');
    expect(isReservedFieldName('Workflow_Status')).toBe(true);
  });
});

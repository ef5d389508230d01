import { describe, expect, it } from 'vitest';
import {
  createActivity,
  emptyDefinition,
  exportDefinition,
  importDefinition,
  type WorkflowDefinition,
} from '../index.ts';
import { ALICE, act, approval, c, deepFreeze, def } from './helpers.ts';

const ours: WorkflowDefinition = {
  activities: [
    { ...createActivity('Start', 'start', { x: 10.4, y: 20.6 }) },
    { ...approval('a'), position: { x: 300, y: 20 }, displayName: 'Manager approval' },
    {
      ...act('UserTask', 'u', { assignment: ALICE, actions: ['Yes', 'No'], allowSendBack: false }),
      position: { x: 560, y: 20 },
    },
    { ...act('Decision', 'd', { condition: '{amount} > 10' }), position: { x: 820, y: 20 } },
    { ...createActivity('Fork', 'f', { x: 1080, y: 20 }) },
    {
      ...createActivity('HttpRequest', 'h', { x: 1340, y: -100 }),
      properties: { url: 'https://x', method: 'PUT', headers: { A: 'b' }, body: '', expectedStatus: [200] },
    },
    { ...createActivity('Timer', 't', { x: 1340, y: 140 }) },
    { ...createActivity('Join', 'j', { x: 1600, y: 20 }) },
    {
      ...createActivity('SetField', 's', { x: 1860, y: 20 }),
      properties: { field: 'n', value: '1', nothing: null, flag: true, count: 3 },
    },
    { ...act('WriteLine', 'w', { Text: 'kept' }), position: { x: 2120, y: 20 } },
    { ...createActivity('End', 'end', { x: 2380, y: 20 }), name: '', displayName: '' },
  ],
  connections: [
    c('start>a'),
    c('a>u', 'Approve'),
    c('u>d', 'Yes'),
    c('u>end', 'No'),
    c('d>f', 'True'),
    c('d>end', 'False'),
    c('f>h', 'Branch 1'),
    c('f>t', 'Branch 2'),
    c('h>j'),
    c('t>j'),
    c('j>s'),
    c('s>w'),
    c('w>end'),
  ],
};

describe('exportDefinition', () => {
  it('writes Elsa property lists: strings as Literal, everything else as Json', () => {
    const exported = exportDefinition(deepFreeze(structuredClone(ours)));
    const activities = exported.activities as Record<string, unknown>[];
    expect(activities[0]).toEqual({
      activityId: 'start',
      type: 'Start',
      name: 'Start',
      displayName: 'Start',
      x: 10,
      y: 21,
      properties: [],
    });
    expect(activities[1]?.properties).toEqual([
      { name: 'assignment', syntax: 'Json', expressions: { Json: JSON.stringify(ALICE) } },
      { name: 'allowSendBack', syntax: 'Json', expressions: { Json: 'true' } },
    ]);
    expect(activities[3]?.properties).toEqual([
      { name: 'condition', syntax: 'Literal', expressions: { Literal: '{amount} > 10' } },
    ]);
    expect(exported.connections).toEqual(ours.connections);
  });

  it('omits x and y for an activity without a position', () => {
    const exported = exportDefinition(def([act('Start', 's')], []));
    expect(exported.activities).toEqual([
      { activityId: 's', type: 'Start', name: 'Start', displayName: 's', properties: [] },
    ]);
  });

  it('round-trips through import (positions rounded), also via JSON text', () => {
    const rounded = structuredClone(ours);
    rounded.activities[0] = { ...rounded.activities[0]!, position: { x: 10, y: 21 } };
    const direct = importDefinition(exportDefinition(ours));
    expect(direct.definition).toEqual(rounded);
    expect(direct.warnings).toEqual([expect.stringMatching(/'WriteLine'/)]);
    const viaText = importDefinition(JSON.parse(JSON.stringify(exportDefinition(ours))));
    expect(viaText.definition).toEqual(rounded);
    expect(importDefinition(exportDefinition(emptyDefinition()))).toEqual({
      definition: emptyDefinition(),
      warnings: [],
    });
  });

  it('imports our own stored format unchanged', () => {
    const stored = structuredClone(ours);
    stored.activities[0] = { ...stored.activities[0]!, position: { x: 10, y: 21 } };
    expect(importDefinition(deepFreeze(structuredClone(stored)))).toEqual({
      definition: stored,
      warnings: [expect.stringMatching(/'WriteLine'/)],
    });
  });
});

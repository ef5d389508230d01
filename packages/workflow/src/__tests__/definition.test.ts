import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  activityOutcomes,
  autoLayout,
  createActivity,
  emptyDefinition,
  parseDefinition,
  validateDefinition,
  type WorkflowDefinition,
} from '../index.ts';
import { act, c, deepFreeze, def } from './helpers.ts';

describe('activityOutcomes', () => {
  it.each([
    ['Start', {}, ['Done']],
    ['Join', {}, ['Done']],
    ['SendEmail', {}, ['Done']],
    ['SetField', {}, ['Done']],
    ['Timer', {}, ['Done']],
    ['Approval', {}, ['Approve', 'Reject']],
    ['UserTask', { actions: ['Accept', 'Decline'] }, ['Accept', 'Decline']],
    ['UserTask', { actions: ['', '  ', 7, 'Accept', 'Accept'] }, ['Accept']],
    ['UserTask', { actions: [] }, ['Done']],
    ['UserTask', { actions: 'Accept' }, ['Done']],
    ['UserTask', {}, ['Done']],
    ['Decision', {}, ['True', 'False']],
    ['Fork', { branches: ['Left', 'Right'] }, ['Left', 'Right']],
    ['Fork', { branches: null }, []],
    ['HttpRequest', {}, ['Done', 'Unsupported Status Code']],
    ['End', {}, []],
    ['WriteLine', {}, []],
  ])('%s %j → %j', (type, properties, outcomes) => {
    expect(activityOutcomes(deepFreeze(act(type, 'x', properties)))).toEqual(outcomes);
  });
});

describe('createActivity and emptyDefinition', () => {
  it('gives each type sensible, independent defaults', () => {
    const approval = createActivity('Approval', 'a1', { x: 10, y: 20 });
    expect(approval).toEqual({
      activityId: 'a1',
      type: 'Approval',
      name: 'Approval',
      displayName: 'Approval',
      position: { x: 10, y: 20 },
      properties: { assignment: [], allowSendBack: true },
    });
    expect(createActivity('UserTask', 'u', { x: 0, y: 0 }).properties).toEqual({
      assignment: [],
      actions: ['Done'],
      allowSendBack: true,
    });
    expect(createActivity('Decision', 'd', { x: 0, y: 0 }).properties).toEqual({ condition: '' });
    expect(createActivity('Fork', 'f', { x: 0, y: 0 }).properties).toEqual({
      branches: ['Branch 1', 'Branch 2'],
    });
    expect(createActivity('Join', 'j', { x: 0, y: 0 }).properties).toEqual({ mode: 'WaitAll' });
    expect(createActivity('SendEmail', 'm', { x: 0, y: 0 }).properties).toEqual({
      to: '',
      subject: '',
      body: '',
    });
    expect(createActivity('HttpRequest', 'h', { x: 0, y: 0 }).properties).toEqual({
      url: '',
      method: 'GET',
      headers: {},
      body: '',
    });
    expect(createActivity('SetField', 's', { x: 0, y: 0 }).properties).toEqual({ field: '', value: '' });
    expect(createActivity('Timer', 't', { x: 0, y: 0 }).properties).toEqual({ duration: 'PT1H' });
    expect(createActivity('Start', 's', { x: 0, y: 0 }).properties).toEqual({});
    expect(createActivity('End', 'e', { x: 0, y: 0 }).properties).toEqual({});
    const first = createActivity('Fork', 'f1', { x: 0, y: 0 });
    const second = createActivity('Fork', 'f2', { x: 0, y: 0 });
    expect(first.properties.branches).not.toBe(second.properties.branches);
  });

  it('names every palette type with readable English', () => {
    for (const type of ACTIVITY_TYPES) {
      const activity = createActivity(type, 'id', { x: 0, y: 0 });
      expect(activity.name).toBe(type);
      expect(activity.displayName).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
    expect(createActivity('HttpRequest', 'h', { x: 0, y: 0 }).displayName).toBe('HTTP request');
    expect(createActivity('UserTask', 'u', { x: 0, y: 0 }).displayName).toBe('User task');
  });

  it('does not keep the caller’s position object', () => {
    const position = { x: 1, y: 2 };
    const activity = createActivity('End', 'e', position);
    position.x = 99;
    expect(activity.position).toEqual({ x: 1, y: 2 });
  });

  it('starts with a publishable Start → End', () => {
    const empty = emptyDefinition();
    expect(empty.activities.map((a) => [a.type, a.position !== undefined])).toEqual([
      ['Start', true],
      ['End', true],
    ]);
    expect(empty.connections).toEqual([
      { sourceActivityId: 'start', targetActivityId: 'end', outcome: 'Done' },
    ]);
    expect(validateDefinition(empty)).toEqual([]);
    expect(emptyDefinition()).not.toBe(empty);
  });
});

describe('parseDefinition', () => {
  it.each([
    null,
    undefined,
    42,
    'text',
    [],
    {},
    { activities: 'no' },
    { activities: {} },
    { connections: [] },
  ])('returns null for %j', (value) => {
    expect(parseDefinition(value)).toBeNull();
  });

  it('reads a stored definition and copies it', () => {
    const stored = deepFreeze(emptyDefinition());
    const parsed = parseDefinition(stored);
    expect(parsed).toEqual(stored);
    expect(parsed?.activities[0]).not.toBe(stored.activities[0]);
  });

  it('reads the JSON text form after JSON.parse', () => {
    const parsed = parseDefinition(JSON.parse(JSON.stringify(emptyDefinition())));
    expect(parsed).toEqual(emptyDefinition());
  });

  it('drops malformed activities and connections and fills in defaults', () => {
    const parsed = parseDefinition({
      activities: [
        null,
        'Start',
        { activityId: 1, type: 'Start' },
        { activityId: 'no-type' },
        { activityId: '', type: 'End' },
        { activityId: 's', type: 'Start', position: { x: 'a', y: 2 } },
        { activityId: 'a', type: 'Approval', properties: [1, 2], x: 5, y: 6 },
        {
          activityId: 'm',
          type: 'SendEmail',
          name: 'mailer',
          displayName: 'Mail',
          properties: { to: 'x', f: () => 1 },
        },
        { activityId: 'w', type: 'WriteLine', position: { x: Infinity, y: 0 } },
      ],
      connections: [
        { sourceActivityId: 's', targetActivityId: 'a' },
        { sourceActivityId: 'a', targetActivityId: 'm', outcome: 'Approve' },
        { sourceActivityId: 'a', targetActivityId: 'm', outcome: 5 },
        { sourceActivityId: 'a', targetActivityId: 7 },
        { sourceActivityId: 'a', targetActivityId: 'ghost', outcome: '' },
        'junk',
      ],
    });
    expect(parsed).toEqual({
      activities: [
        { activityId: 's', type: 'Start', name: 'Start', displayName: 'Start', properties: {} },
        {
          activityId: 'a',
          type: 'Approval',
          name: 'Approval',
          displayName: 'Approval',
          position: { x: 5, y: 6 },
          properties: {},
        },
        { activityId: 'm', type: 'SendEmail', name: 'mailer', displayName: 'Mail', properties: { to: 'x' } },
        { activityId: 'w', type: 'WriteLine', name: 'WriteLine', displayName: 'WriteLine', properties: {} },
      ],
      connections: [
        { sourceActivityId: 's', targetActivityId: 'a', outcome: 'Done' },
        { sourceActivityId: 'a', targetActivityId: 'm', outcome: 'Approve' },
        { sourceActivityId: 'a', targetActivityId: 'ghost', outcome: 'Done' },
      ],
    });
  });

  it('survives cycles, getters that throw and absurd nesting', () => {
    const cyclic: Record<string, unknown> = { note: 'x' };
    cyclic.self = cyclic;
    const parsed = parseDefinition({ activities: [{ activityId: 'a', type: 'End', properties: cyclic }] });
    expect(parsed?.activities[0]?.properties.note).toBe('x');

    const hostile = {
      get activities(): unknown {
        throw new Error('boom');
      },
    };
    expect(parseDefinition(hostile)).toBeNull();

    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i += 1) deep = { deep };
    expect(() =>
      parseDefinition({ activities: [{ activityId: 'a', type: 'End', properties: deep }] }),
    ).not.toThrow();
  });

  it('keeps connections without a connections array as none', () => {
    expect(parseDefinition({ activities: [] })).toEqual({ activities: [], connections: [] });
  });
});

describe('autoLayout', () => {
  const unplaced = (definition: WorkflowDefinition): WorkflowDefinition => ({
    ...definition,
    activities: definition.activities.map(({ position: _position, ...rest }) => rest),
  });

  it('layers by the longest path from the start, 260 px apart, siblings 120 px apart', () => {
    const diamond = unplaced(
      def(
        [
          act('Start', 's'),
          act('Fork', 'f'),
          act('UserTask', 'short'),
          act('UserTask', 'long1'),
          act('UserTask', 'long2'),
          act('Join', 'j'),
          act('End', 'e'),
        ],
        [
          c('s>f'),
          c('f>short', 'A'),
          c('f>long1', 'B'),
          c('long1>long2'),
          c('short>j'),
          c('long2>j'),
          c('j>e'),
        ],
      ),
    );
    const laid = autoLayout(deepFreeze(diamond));
    const at = Object.fromEntries(laid.activities.map((a) => [a.activityId, a.position]));
    expect(at).toEqual({
      s: { x: 0, y: 0 },
      f: { x: 260, y: 0 },
      short: { x: 520, y: 0 },
      long1: { x: 520, y: 120 },
      long2: { x: 780, y: 0 },
      j: { x: 1040, y: 0 },
      e: { x: 1300, y: 0 },
    });
    expect(laid.connections).toEqual(diamond.connections);
  });

  it('keeps existing positions and terminates on loops', () => {
    const looped = def(
      [
        { ...act('Start', 's'), position: { x: 5, y: 7 } },
        act('UserTask', 'a'),
        act('UserTask', 'b'),
        act('End', 'e'),
      ],
      [c('s>a'), c('a>b'), c('b>a'), c('b>e'), c('e>e')],
    );
    const laid = autoLayout(deepFreeze(looped));
    expect(laid.activities.map((a) => a.position)).toEqual([
      { x: 5, y: 7 },
      { x: 260, y: 0 },
      { x: 520, y: 0 },
      { x: 780, y: 0 },
    ]);
  });

  it('lays out several roots and a loop nobody enters', () => {
    const islands = def(
      [
        act('HttpEndpoint', 'h'),
        act('SignalReceived', 'sig'),
        act('UserTask', 'x'),
        act('UserTask', 'y'),
        act('End', 'e'),
      ],
      [c('h>e'), c('sig>e'), c('x>y'), c('y>x')],
    );
    const at = autoLayout(islands).activities.map((a) => a.position);
    expect(at).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 120 },
      { x: 0, y: 240 },
      { x: 260, y: 120 },
      { x: 260, y: 0 },
    ]);
  });

  it('returns a copy even when everything is placed', () => {
    const placed = emptyDefinition();
    const laid = autoLayout(placed);
    expect(laid).toEqual(placed);
    expect(laid).not.toBe(placed);
  });

  it('handles a long chain without deep recursion', () => {
    const count = 5000;
    const activities = Array.from({ length: count }, (_, i) => act('UserTask', `n${i}`));
    const connections = activities.slice(1).map((_, i) => c(`n${i}>n${i + 1}`));
    const laid = autoLayout(def(activities, connections));
    expect(laid.activities[count - 1]?.position).toEqual({ x: (count - 1) * 260, y: 0 });
  });
});

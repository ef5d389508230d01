import { describe, expect, it } from 'vitest';
import { importDefinition, validateDefinition } from '../index.ts';
import { deepFreeze } from './helpers.ts';
import { expr, fireProtocol, helloWorld } from './elsa-fixtures.ts';

describe('importDefinition of Elsa 2 exports', () => {
  it('imports hello world: keeps the unknown WriteLine, adds a Start and lays out', () => {
    const { definition, warnings } = importDefinition(deepFreeze(structuredClone(helloWorld)));
    expect(definition).toEqual({
      activities: [
        {
          activityId: 'start',
          type: 'Start',
          name: 'Start',
          displayName: 'Start',
          position: { x: 0, y: 0 },
          properties: {},
        },
        {
          activityId: 'activity-1',
          type: 'WriteLine',
          name: 'WriteLine',
          displayName: 'WriteLine',
          position: { x: 260, y: 0 },
          properties: { Text: 'Hello World!' },
        },
      ],
      connections: [{ sourceActivityId: 'start', targetActivityId: 'activity-1', outcome: 'Done' }],
    });
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toMatch(/WriteLine/);
    expect(warnings.join('\n')).toMatch(/Added a Start/);
    expect(validateDefinition(definition).map((issue) => issue.code)).toEqual(['no-end', 'unknown-type']);
  });

  it('imports the Elsa 2.0 shape of hello world ($values lists, property objects)', () => {
    const original = {
      $id: '1',
      activities: {
        $id: '3',
        $values: [
          {
            $id: '4',
            activityId: 'activity-1',
            type: 'WriteLine',
            properties: {
              $id: '5',
              Text: { $id: '6', type: 'System.String', syntax: 'Liquid', expression: 'Hi!' },
            },
          },
        ],
      },
      connections: { $id: '7', $values: [] },
    };
    const { definition } = importDefinition(original);
    expect(definition.activities[1]).toMatchObject({ activityId: 'activity-1', properties: { Text: 'Hi!' } });
  });

  it('finds a definition wrapped in an export envelope', () => {
    for (const wrapped of [{ workflowDefinition: helloWorld }, { data: { items: [helloWorld] } }]) {
      expect(importDefinition(wrapped).definition.activities.map((a) => a.activityId)).toEqual([
        'start',
        'activity-1',
      ]);
    }
  });

  it('resolves Newtonsoft "$ref"s and survives reference cycles', () => {
    const shared = {
      $id: '1',
      library: {
        $id: '9',
        $values: [
          { $id: '10', activityId: 'f', type: 'Finish', properties: [], x: 0, y: 0, me: { $ref: '10' } },
        ],
      },
      definition: { $id: '2', activities: { $ref: '9' }, connections: [] },
    };
    const { definition } = importDefinition(shared);
    expect(definition.activities.map((a) => [a.activityId, a.type])).toEqual([
      ['start', 'Start'],
      ['f', 'End'],
    ]);
  });

  it('imports a fire-protocol-style workflow: maps types, warns about the rest, keeps positions', () => {
    const { definition, warnings } = importDefinition(deepFreeze(structuredClone(fireProtocol)));
    const byId = Object.fromEntries(definition.activities.map((a) => [a.activityId, a]));
    expect(definition.activities.map((a) => `${a.activityId}:${a.type}`)).toEqual([
      'start:Start',
      'sig:SignalReceived',
      'log:WriteLine',
      'fork:Fork',
      'timer:Timer',
      'water:SignalReceived',
      'check:Decision',
      'mail:SendEmail',
      'http:HttpRequest',
      'setvar:SetField',
      'join:Join',
      'finish:End',
    ]);
    expect(byId.start?.position).toEqual({ x: -160, y: 200 });
    expect(byId.sig).toEqual({
      activityId: 'sig',
      type: 'SignalReceived',
      name: 'SignalReceived',
      displayName: 'Signal Received',
      position: { x: 100, y: 200 },
      properties: { Signal: 'Fire' },
    });
    expect(byId.log?.properties).toEqual({ Text: 'Fire in {{ WorkflowInstanceId }}!' });
    expect(byId.fork?.properties).toEqual({ branches: ['Timeout', 'Extinguish'] });
    expect(byId.timer?.properties).toEqual({ duration: 'PT10S' });
    expect(byId.check).toMatchObject({
      name: 'hotCheck',
      displayName: 'Still hot?',
      properties: { condition: 'input.temperature > 100' },
    });
    expect(byId.mail?.properties).toEqual({
      to: 'chief@example.com, crew@example.com',
      subject: 'Fire!',
      body: 'Still burning',
    });
    expect(byId.http?.properties).toEqual({
      url: 'https://brigade.example.com/call',
      method: 'POST',
      headers: { 'X-Key': '123', Accept: 'application/json' },
      body: '{"level":3}',
      expectedStatus: [200, 201],
    });
    expect(byId.setvar?.properties).toEqual({ field: 'status', value: 'called' });
    expect(byId.join?.properties).toEqual({ mode: 'WaitAny' });
    expect(byId.finish).toMatchObject({ type: 'End', name: 'End', properties: {} });
    expect(definition.connections[0]).toEqual({
      sourceActivityId: 'start',
      targetActivityId: 'sig',
      outcome: 'Done',
    });
    expect(definition.connections[2]).toEqual({
      sourceActivityId: 'log',
      targetActivityId: 'fork',
      outcome: 'Done',
    });
    expect(definition.activities.every((a) => a.position !== undefined)).toBe(true);

    expect(warnings).toEqual([
      expect.stringMatching(/Decision 'Still hot\?'.*JavaScript/),
      expect.stringMatching(/'SignalReceived'.*2 activities/),
      expect.stringMatching(/'WriteLine'.*1 activity/),
      expect.stringMatching(/Added a Start activity leading to 'Signal Received'/),
    ]);
    expect(validateDefinition(definition)).toEqual([
      { code: 'unknown-type', activityId: 'sig', detail: 'SignalReceived' },
      { code: 'unknown-type', activityId: 'log', detail: 'WriteLine' },
      { code: 'unknown-type', activityId: 'water', detail: 'SignalReceived' },
    ]);
  });

  it('adds the Start beside activities without incoming connections, avoiding taken ids', () => {
    const twoTriggers = {
      activities: [
        { activityId: 'start', type: 'HttpEndpoint', properties: [] },
        { activityId: 'cron', type: 'Cron', properties: [] },
        { activityId: 'end', type: 'Finish', properties: [] },
      ],
      connections: [
        { sourceActivityId: 'start', targetActivityId: 'end', outcome: 'Done' },
        { sourceActivityId: 'cron', targetActivityId: 'end', outcome: 'Done' },
      ],
    };
    const { definition } = importDefinition(twoTriggers);
    expect(definition.activities[0]?.activityId).toBe('start-2');
    expect(definition.connections.slice(0, 2)).toEqual([
      { sourceActivityId: 'start-2', targetActivityId: 'start', outcome: 'Done' },
      { sourceActivityId: 'start-2', targetActivityId: 'cron', outcome: 'Done' },
    ]);
  });

  it('maps Elsa durations, user tasks and odd values, and skips what it cannot read', () => {
    const odd = {
      activities: [
        { activityId: 't1', type: 'Timer', properties: [expr('Timeout', { Literal: '00:30:00' })] },
        { activityId: 't2', type: 'Timer', properties: [expr('Timeout', { Literal: '1.02:00:00' })] },
        {
          activityId: 't3',
          type: 'Delay',
          properties: [expr('Duration', { Literal: 'Duration.FromMinutes(5)' })],
        },
        {
          activityId: 't4',
          type: 'StartAt',
          properties: [expr('Instant', { Literal: '2025-01-01T00:00:00Z' })],
        },
        { activityId: 't5', type: 'Timer', properties: [expr('Timeout', { Literal: 'soon' })] },
        {
          activityId: 'u',
          type: 'UserTask',
          properties: [expr('Actions', { Json: '["Accept","Reject"]' }, 'Json')],
        },
        { activityId: 'f', type: 'Fork', properties: [expr('Branches', { Literal: 'A, B' })] },
        { activityId: 'j', type: 'Join', properties: [expr('Mode', { Literal: 'WaitAll' })] },
        { activityId: 'bad-json', type: 'Log', properties: [expr('Data', { Json: '{oops' }, 'Json')] },
        { type: 'Finish' },
        { activityId: 'x' },
        'junk',
      ],
      connections: [
        { sourceActivityId: 't1', targetActivityId: 't2' },
        { sourceActivityId: 't1', targetActivityId: 'nowhere' },
        { targetActivityId: 't2' },
      ],
    };
    const { definition, warnings } = importDefinition(odd);
    const props = Object.fromEntries(definition.activities.map((a) => [a.activityId, a.properties]));
    expect(props.t1).toEqual({ duration: 'PT30M' });
    expect(props.t2).toEqual({ duration: 'P1DT2H' });
    expect(props.t3).toEqual({ duration: 'PT5M' });
    expect(props.t4).toEqual({ duration: '' });
    expect(props.t5).toEqual({ duration: '' });
    expect(props.u).toEqual({ assignment: [], actions: ['Accept', 'Reject'], allowSendBack: true });
    expect(props.f).toEqual({ branches: ['A', 'B'] });
    expect(props.j).toEqual({ mode: 'WaitAll' });
    expect(props['bad-json']).toEqual({ Data: '{oops' });
    expect(definition.connections.filter((conn) => conn.sourceActivityId === 't1')).toEqual([
      { sourceActivityId: 't1', targetActivityId: 't2', outcome: 'Done' },
    ]);
    const text = warnings.join('\n');
    expect(text).toMatch(/Timer 't4'.*point in time/);
    expect(text).toMatch(/Timer 't5': 'soon'/);
    expect(text).toMatch(/User task 'u' has no assignees/);
    expect(text).toMatch(/Skipped activity #10/);
    expect(text).toMatch(/Skipped activity #11/);
    expect(text).toMatch(/Skipped activity #12/);
    expect(text).toMatch(/missing activity 'nowhere'/);
    expect(text).toMatch(/without source or target/);
  });

  it.each([
    null,
    undefined,
    'text',
    42,
    [],
    {},
    { activities: 'none' },
    { data: { nested: { deep: { deeper: { activities: [] } } } } },
  ])('refuses %j as not a definition', (value) => {
    expect(() => importDefinition(value)).toThrow(expect.objectContaining({ code: 'invalid-definition' }));
  });

  it('imports an empty activity list as an empty definition', () => {
    expect(importDefinition({ activities: [] })).toEqual({
      definition: { activities: [], connections: [] },
      warnings: [],
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../index.ts';
import { Instance, NOW, act, approval, c, context, def, history, summary } from './helpers.ts';

function forkJoin(mode: 'WaitAll' | 'WaitAny'): WorkflowDefinition {
  return def(
    [
      act('Start', 'start'),
      act('Fork', 'fork', { branches: ['Legal', 'Finance'] }),
      approval('legal'),
      approval('finance'),
      act('Join', 'join', { mode }),
      act('SendEmail', 'notify', { to: 'team@example.com', subject: 'Done', body: 'All approved' }),
      act('End', 'end'),
    ],
    [
      c('start>fork'),
      c('fork>legal', 'Legal'),
      c('fork>finance', 'Finance'),
      c('legal>join', 'Approve'),
      c('finance>join', 'Approve'),
      c('join>notify'),
      c('notify>end'),
    ],
  );
}

describe('Fork and Join', () => {
  it('opens one task per branch, in definition order', () => {
    const instance = new Instance(forkJoin('WaitAll'));
    expect(summary(instance.send({ type: 'start' }))).toEqual([
      'history:Started:start',
      'createTask:legal',
      'createTask:finance',
    ]);
    expect(instance.blockingIds()).toEqual(['task:legal', 'task:finance']);
  });

  it('WaitAll waits for the second branch', () => {
    const instance = new Instance(forkJoin('WaitAll'));
    instance.send({ type: 'start' });
    expect(
      summary(instance.send({ type: 'taskCompleted', activityId: 'finance', outcome: 'Approve' })),
    ).toEqual(['history:Approve:finance']);
    expect(instance.state.joins).toEqual({ join: ['finance'] });
    expect(instance.state.status).toBe('Suspended');
    const effects = instance.send({ type: 'taskCompleted', activityId: 'legal', outcome: 'Approve' });
    expect(summary(effects)).toEqual(['history:Approve:legal', 'scheduleJob:notify']);
    expect(instance.state.joins).toEqual({});
    expect(summary(instance.send({ type: 'jobCompleted', activityId: 'notify' }))).toEqual([
      'history:Executed:notify',
      'history:Finished:end',
    ]);
    expect(instance.state.status).toBe('Finished');
  });

  it('WaitAny fires once on the first arrival and ignores the second', () => {
    const instance = new Instance(forkJoin('WaitAny'));
    instance.send({ type: 'start' });
    const first = instance.send({ type: 'taskCompleted', activityId: 'legal', outcome: 'Approve' });
    expect(summary(first)).toEqual(['history:Approve:legal', 'scheduleJob:notify']);
    expect(instance.state.joins).toEqual({ join: ['legal'] });
    expect(instance.blockingIds()).toEqual(['task:finance', 'job:notify']);

    const second = instance.send({ type: 'taskCompleted', activityId: 'finance', outcome: 'Approve' });
    expect(summary(second)).toEqual(['history:Approve:finance']);
    // Every source arrived: the round is over.
    expect(instance.state.joins).toEqual({});
    expect(instance.blockingIds()).toEqual(['job:notify']);
    expect(summary(instance.send({ type: 'jobCompleted', activityId: 'notify' }))).toEqual([
      'history:Executed:notify',
      'history:Finished:end',
    ]);
  });

  it('finishes without an End in the last step when the ignored arrival was the last thing open', () => {
    const instance = new Instance(forkJoin('WaitAny'));
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'legal', outcome: 'Approve' });
    instance.send({ type: 'jobCompleted', activityId: 'notify' });
    expect(instance.state.status).toBe('Suspended');
    const last = instance.send({ type: 'taskCompleted', activityId: 'finance', outcome: 'Approve' });
    expect(history(last)).toEqual([
      expect.objectContaining({ actionType: 'Approve' }),
      { activityId: '', activityType: '', activityName: '', actionType: 'Finished' },
    ]);
    expect(instance.state.status).toBe('Finished');
  });

  it('a WaitAny join reached again by the same source in a loop starts a new round and fires again', () => {
    const looping = def(
      [
        act('Start', 'start'),
        act('Fork', 'fork', { branches: ['A', 'B'] }),
        approval('a'),
        approval('b'),
        act('Join', 'join', { mode: 'WaitAny' }),
        approval('check'),
        act('End', 'end'),
      ],
      [
        c('start>fork'),
        c('fork>a', 'A'),
        c('fork>b', 'B'),
        c('a>join', 'Approve'),
        c('b>join', 'Approve'),
        c('join>check'),
        c('check>end', 'Approve'),
        c('check>a', 'Reject'),
      ],
    );
    const instance = new Instance(looping);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'a', outcome: 'Approve' });
    expect(instance.blockingIds()).toEqual(['task:b', 'task:check']);
    instance.send({ type: 'taskCompleted', activityId: 'check', outcome: 'Reject' });
    expect(instance.blockingIds()).toEqual(['task:b', 'task:a']);
    const again = instance.send({ type: 'taskCompleted', activityId: 'a', outcome: 'Approve' });
    expect(summary(again)).toEqual(['history:Approve:a', 'createTask:check']);
    expect(instance.state.joins).toEqual({ join: ['a'] });
  });

  it('does not open a second task for an activity that is already waiting', () => {
    const both = def(
      [
        act('Start', 'start'),
        act('Fork', 'fork', { branches: ['X', 'Y'] }),
        approval('shared'),
        act('End', 'end'),
      ],
      [c('start>fork'), c('fork>shared', 'X'), c('fork>shared', 'Y'), c('shared>end', 'Approve')],
    );
    const instance = new Instance(both);
    expect(summary(instance.send({ type: 'start' }))).toEqual(['history:Started:start', 'createTask:shared']);
    expect(instance.blockingIds()).toEqual(['task:shared']);
  });

  it('follows every connection of one outcome, in definition order', () => {
    const fanOut = def(
      [act('Start', 'start'), approval('one'), approval('two'), act('End', 'end')],
      [c('start>two'), c('start>one'), c('one>end', 'Approve'), c('two>end', 'Approve')],
    );
    const instance = new Instance(fanOut);
    expect(summary(instance.send({ type: 'start' }))).toEqual([
      'history:Started:start',
      'createTask:two',
      'createTask:one',
    ]);
    instance.send({ type: 'taskCompleted', activityId: 'one', outcome: 'Approve' });
    expect(instance.state.status).toBe('Suspended');
  });
});

const decision = def(
  [
    act('Start', 'start'),
    act('Decision', 'big', { condition: '{amount} > 1000' }),
    approval('cfo'),
    act('End', 'end'),
  ],
  [c('start>big'), c('big>cfo', 'True'), c('big>end', 'False'), c('cfo>end', 'Approve')],
);

describe('Decision', () => {
  it('takes True or False from the condition', () => {
    const high = new Instance(decision, 1, context({ '{amount} > 1000': true }));
    expect(summary(high.send({ type: 'start' }))).toEqual(['history:Started:start', 'createTask:cfo']);

    const low = new Instance(decision, 1, context({ '{amount} > 1000': false }));
    expect(summary(low.send({ type: 'start' }))).toEqual(['history:Started:start', 'history:Finished:end']);
    expect(low.state.status).toBe('Finished');
  });

  it('passes the condition and the activity to the evaluator', () => {
    const seen: unknown[] = [];
    const instance = new Instance(decision, 1, {
      now: NOW,
      evaluateCondition: (condition, activity) => {
        seen.push([condition, activity.activityId]);
        return false;
      },
    });
    instance.send({ type: 'start' });
    expect(seen).toEqual([['{amount} > 1000', 'big']]);
  });

  it('faults at the Decision with the error message when the condition throws, cancelling open tasks', () => {
    const parallel = def(
      [
        act('Start', 'start'),
        act('Fork', 'fork', { branches: ['A', 'B'] }),
        approval('early'),
        act('Decision', 'check', { condition: 'BAD(' }),
        act('End', 'end'),
      ],
      [
        c('start>fork'),
        c('fork>early', 'A'),
        c('fork>check', 'B'),
        c('early>end', 'Approve'),
        c('check>end', 'True'),
        c('check>end', 'False'),
      ],
    );
    const instance = new Instance(
      parallel,
      1,
      context({ 'BAD(': new Error('Unexpected end of formula at position 4') }),
    );
    const effects = instance.send({ type: 'start' });
    expect(summary(effects)).toEqual([
      'history:Started:start',
      'createTask:early',
      'cancelTasks:all',
      'history:Faulted:check',
    ]);
    expect(history(effects)[1]).toEqual({
      activityId: 'check',
      activityType: 'Decision',
      activityName: 'check',
      actionType: 'Faulted',
      message: 'Unexpected end of formula at position 4',
    });
    expect(instance.state).toEqual({
      definitionVersion: 1,
      status: 'Faulted',
      blocking: [],
      joins: {},
      visited: [],
      returnedToInitiator: false,
      fault: { activityId: 'check', message: 'Unexpected end of formula at position 4', at: NOW },
    });
  });

  it('faults when the outcome taken has no connection', () => {
    const oneSided = def(
      [act('Start', 'start'), act('Decision', 'gate', { condition: 'x' }), act('End', 'end')],
      [c('start>gate'), c('gate>end', 'True')],
    );
    const named = structuredClone(oneSided);
    named.activities[1] = { ...act('Decision', 'gate', { condition: 'x' }), displayName: 'Is it big?' };
    const instance = new Instance(named, 1, context({ x: false }));
    instance.send({ type: 'start' });
    expect(instance.state.fault?.message).toBe("No connection for outcome 'False' of 'Is it big?'");
  });

  it('stops a loop that never waits after 1000 activations', () => {
    const selfLoop = def(
      [act('Start', 'start'), act('Decision', 'again', { condition: 'loop' }), act('End', 'end')],
      [c('start>again'), c('again>again', 'True'), c('again>end', 'False')],
    );
    let calls = 0;
    const instance = new Instance(selfLoop, 1, {
      now: NOW,
      evaluateCondition: () => {
        calls += 1;
        return true;
      },
    });
    const effects = instance.send({ type: 'start' });
    expect(calls).toBe(999);
    expect(instance.state.status).toBe('Faulted');
    expect(instance.state.fault?.activityId).toBe('again');
    expect(instance.state.fault?.message).toMatch(/more than 1000 activities.*loops at 'again'/);
    expect(summary(effects)).toEqual(['history:Started:start', 'history:Faulted:again']);
  });
});

import { describe, expect, it } from 'vitest';
import { INITIATOR_ACTIVITY_ID, initialState, type WorkflowEffect } from '../index.ts';
import {
  ALICE,
  Instance,
  NOW,
  act,
  approval,
  c,
  context,
  def,
  history,
  summary,
  userTask,
} from './helpers.ts';

const twoStep = def(
  [act('Start', 'start'), approval('manager'), approval('director'), act('End', 'end')],
  [c('start>manager'), c('manager>director', 'Approve'), c('director>end', 'Approve')],
);

describe('initialState', () => {
  it('is a fresh running instance of the version', () => {
    expect(initialState(7)).toEqual({
      definitionVersion: 7,
      status: 'Running',
      blocking: [],
      joins: {},
      visited: [],
      returnedToInitiator: false,
      fault: null,
    });
    expect(initialState(1)).not.toBe(initialState(1));
  });
});

describe('a two-step approval', () => {
  it('runs start → approve → approve → Finished with effects and history in order', () => {
    const instance = new Instance(twoStep);
    const started = instance.send({ type: 'start' });
    expect(started).toEqual<WorkflowEffect[]>([
      {
        type: 'history',
        entry: { activityId: 'start', activityType: 'Start', activityName: 'start', actionType: 'Started' },
      },
      {
        type: 'createTask',
        activityId: 'manager',
        activityName: 'manager',
        taskType: 'Approval',
        approvers: ALICE,
        actions: ['Approve', 'Reject'],
      },
    ]);
    expect(instance.state).toEqual({
      definitionVersion: 1,
      status: 'Suspended',
      blocking: [{ activityId: 'manager', kind: 'task', since: NOW }],
      joins: {},
      visited: [],
      returnedToInitiator: false,
      fault: null,
    });

    const later = context({}, '2025-03-02T08:30:00.000Z');
    expect(
      instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Approve' }, later),
    ).toEqual([
      {
        type: 'history',
        entry: {
          activityId: 'manager',
          activityType: 'Approval',
          activityName: 'manager',
          actionType: 'Approve',
          outcome: 'Approve',
        },
      },
      expect.objectContaining({ type: 'createTask', activityId: 'director', taskType: 'Approval' }),
    ]);
    expect(instance.state.blocking).toEqual([
      { activityId: 'director', kind: 'task', since: '2025-03-02T08:30:00.000Z' },
    ]);
    expect(instance.state.visited).toEqual(['manager']);

    const done = instance.send({ type: 'taskCompleted', activityId: 'director', outcome: 'Approve' });
    expect(summary(done)).toEqual(['history:Approve:director', 'history:Finished:end']);
    expect(history(done)[1]).toEqual({
      activityId: 'end',
      activityType: 'End',
      activityName: 'end',
      actionType: 'Finished',
    });
    expect(instance.state.status).toBe('Finished');
    expect(instance.state.blocking).toEqual([]);
    expect(instance.state.visited).toEqual(['manager', 'director']);
  });

  it('uses the display name, else the name, as the task and history name', () => {
    const named = structuredClone(twoStep);
    named.activities[1] = { ...approval('manager'), displayName: 'Manager approval' };
    named.activities[2] = { ...approval('director'), displayName: '', name: 'directorApproval' };
    const instance = new Instance(named);
    expect(instance.send({ type: 'start' })[1]).toMatchObject({ activityName: 'Manager approval' });
    const effects = instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Approve' });
    expect(history(effects)[0]?.activityName).toBe('Manager approval');
    expect(effects[1]).toMatchObject({ activityName: 'directorApproval' });
  });

  it('passes only well-formed approvers on to the task', () => {
    const messy = def(
      [
        act('Start', 'start'),
        act('Approval', 'a', {
          assignment: [
            ...ALICE,
            { approver_id: 7, type: 'user' },
            'bob',
            { approver_id: 'x', type: 'robot' },
          ],
        }),
        act('End', 'end'),
      ],
      [c('start>a'), c('a>end', 'Approve')],
    );
    const effects = new Instance(messy).send({ type: 'start' });
    expect(effects[1]).toMatchObject({ type: 'createTask', approvers: ALICE });
  });
});

describe('rejecting', () => {
  it('returns the record to the initiator when there is no Reject path', () => {
    const instance = new Instance(twoStep);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Approve' });
    const effects = instance.send({ type: 'taskCompleted', activityId: 'director', outcome: 'Reject' });
    expect(summary(effects)).toEqual([
      'history:Reject:director',
      `createTask:${INITIATOR_ACTIVITY_ID}`,
      `history:Returned:${INITIATOR_ACTIVITY_ID}`,
    ]);
    expect(effects[0]).toMatchObject({ entry: { actionType: 'Reject', outcome: 'Reject' } });
    expect(effects[1]).toEqual({
      type: 'createTask',
      activityId: INITIATOR_ACTIVITY_ID,
      activityName: 'Initiator',
      taskType: 'Resubmit',
      approvers: [{ approver_id: 'initiator', type: 'initiator' }],
      actions: ['Resubmit'],
    });
    expect(history(effects)[1]).toEqual({
      activityId: INITIATOR_ACTIVITY_ID,
      activityType: 'Initiator',
      activityName: 'Initiator',
      actionType: 'Returned',
    });
    expect(instance.state).toMatchObject({
      status: 'Suspended',
      returnedToInitiator: true,
      blocking: [{ activityId: INITIATOR_ACTIVITY_ID, kind: 'task', since: NOW }],
      visited: [],
    });
  });

  it('cancels every other open task and job when returning to the initiator', () => {
    const parallel = def(
      [
        act('Start', 'start'),
        act('Fork', 'fork', { branches: ['A', 'B', 'C'] }),
        approval('a'),
        approval('b'),
        act('SendEmail', 'mail', { to: 'x@example.com', subject: 's', body: 'b' }),
        act('Join', 'join', { mode: 'WaitAll' }),
        act('End', 'end'),
      ],
      [
        c('start>fork'),
        c('fork>a', 'A'),
        c('fork>b', 'B'),
        c('fork>mail', 'C'),
        c('a>join', 'Approve'),
        c('b>join', 'Approve'),
        c('mail>join'),
        c('join>end'),
      ],
    );
    const instance = new Instance(parallel);
    instance.send({ type: 'start' });
    expect(instance.blockingIds()).toEqual(['task:a', 'task:b', 'job:mail']);
    const effects = instance.send({ type: 'taskCompleted', activityId: 'a', outcome: 'Reject' });
    expect(summary(effects)).toEqual([
      'history:Reject:a',
      'cancelTasks:b',
      'cancelJobs:mail',
      `createTask:${INITIATOR_ACTIVITY_ID}`,
      `history:Returned:${INITIATOR_ACTIVITY_ID}`,
    ]);
    expect(instance.blockingIds()).toEqual([`task:${INITIATOR_ACTIVITY_ID}`]);
  });

  it('follows the Reject path when there is one, and a loop back re-opens the approval', () => {
    const rework = def(
      [act('Start', 'start'), approval('manager'), userTask('fix', ['Fixed', 'Give up']), act('End', 'end')],
      [
        c('start>manager'),
        c('manager>end', 'Approve'),
        c('manager>fix', 'Reject'),
        c('fix>manager', 'Fixed'),
        c('fix>end', 'Give up'),
      ],
    );
    const instance = new Instance(rework);
    instance.send({ type: 'start' });
    const rejected = instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Reject' });
    expect(summary(rejected)).toEqual(['history:Reject:manager', 'createTask:fix']);
    expect(rejected[1]).toMatchObject({ taskType: 'UserTask', approvers: [{ approver_id: 'r-managers' }] });
    expect(rejected[1]).toMatchObject({ actions: ['Fixed', 'Give up'] });
    expect(instance.state.returnedToInitiator).toBe(false);

    const fixed = instance.send({ type: 'taskCompleted', activityId: 'fix', outcome: 'Fixed' });
    expect(fixed).toEqual([
      {
        type: 'history',
        entry: {
          activityId: 'fix',
          activityType: 'UserTask',
          activityName: 'fix',
          actionType: 'Completed',
          outcome: 'Fixed',
        },
      },
      expect.objectContaining({ type: 'createTask', activityId: 'manager' }),
    ]);
    expect(instance.state.visited).toEqual(['manager', 'fix']);
    instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Approve' });
    // Visiting again moves the activity to the end of the trail.
    expect(instance.state.visited).toEqual(['fix', 'manager']);
    expect(instance.state.status).toBe('Finished');
  });
});

describe('resubmitting a returned record', () => {
  it('runs from Start again with a fresh trail', () => {
    const instance = new Instance(twoStep);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Reject' });
    const effects = instance.send({ type: 'resubmit' });
    expect(summary(effects)).toEqual([`history:Resubmitted:${INITIATOR_ACTIVITY_ID}`, 'createTask:manager']);
    expect(instance.state).toMatchObject({
      status: 'Suspended',
      returnedToInitiator: false,
      blocking: [{ activityId: 'manager', kind: 'task' }],
      visited: [],
      joins: {},
    });
    expect(instance.refuse({ type: 'resubmit' })).toBe('activity-not-waiting');
  });

  it("accepts the initiator's task completed with Resubmit as a resubmit", () => {
    const instance = new Instance(twoStep);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Reject' });
    expect(
      instance.refuse({ type: 'taskCompleted', activityId: INITIATOR_ACTIVITY_ID, outcome: 'Approve' }),
    ).toBe('unknown-outcome');
    const effects = instance.send({
      type: 'taskCompleted',
      activityId: INITIATOR_ACTIVITY_ID,
      outcome: 'Resubmit',
    });
    expect(summary(effects)).toEqual([`history:Resubmitted:${INITIATOR_ACTIVITY_ID}`, 'createTask:manager']);
    expect(
      instance.refuse({ type: 'taskCompleted', activityId: INITIATOR_ACTIVITY_ID, outcome: 'Resubmit' }),
    ).toBe('activity-not-waiting');
  });

  it('is refused while the record is not with the initiator, and the returned record refuses other tasks', () => {
    const instance = new Instance(twoStep);
    expect(instance.refuse({ type: 'resubmit' })).toBe('activity-not-waiting');
    instance.send({ type: 'start' });
    expect(instance.refuse({ type: 'resubmit' })).toBe('activity-not-waiting');
    instance.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Reject' });
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'manager', outcome: 'Approve' })).toBe(
      'activity-not-waiting',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { INITIATOR_ACTIVITY_ID } from '../index.ts';
import { Instance, act, approval, c, def, history, summary, userTask } from './helpers.ts';

const twoStep = def(
  [act('Start', 'start'), approval('manager'), approval('director'), act('End', 'end')],
  [c('start>manager'), c('manager>director', 'Approve'), c('director>end', 'Approve')],
);

const chain = def(
  [
    act('Start', 'start'),
    approval('a1'),
    userTask('u', ['Submit']),
    approval('a2'),
    act('SetField', 'stamp', { field: 'stage', value: '"late"' }),
    act('End', 'end'),
  ],
  [c('start>a1'), c('a1>u', 'Approve'), c('u>a2', 'Submit'), c('a2>stamp', 'Approve'), c('stamp>end')],
);

function atSecondApproval(): Instance {
  const instance = new Instance(chain);
  instance.send({ type: 'start' });
  instance.send({ type: 'taskCompleted', activityId: 'a1', outcome: 'Approve' });
  instance.send({ type: 'taskCompleted', activityId: 'u', outcome: 'Submit' });
  expect(instance.state.visited).toEqual(['a1', 'u']);
  return instance;
}

describe('sending back', () => {
  it('re-opens an earlier task activity and trims the trail from it', () => {
    const instance = atSecondApproval();
    const effects = instance.send({ type: 'sendBack', fromActivityId: 'a2', toActivityId: 'u' });
    expect(summary(effects)).toEqual(['history:SendBack:a2', 'createTask:u']);
    expect(history(effects)[0]).toEqual({
      activityId: 'a2',
      activityType: 'Approval',
      activityName: 'a2',
      actionType: 'SendBack',
      outcome: 'u',
    });
    expect(instance.state.visited).toEqual(['a1']);
    expect(instance.blockingIds()).toEqual(['task:u']);
    expect(instance.state.status).toBe('Suspended');

    const again = instance.send({ type: 'sendBack', fromActivityId: 'u', toActivityId: 'a1' });
    expect(summary(again)).toEqual(['history:SendBack:u', 'createTask:a1']);
    expect(instance.state.visited).toEqual([]);
  });

  it('sends back to the initiator exactly as a reject without a Reject path', () => {
    const instance = atSecondApproval();
    const effects = instance.send({
      type: 'sendBack',
      fromActivityId: 'a2',
      toActivityId: INITIATOR_ACTIVITY_ID,
    });
    expect(summary(effects)).toEqual([
      'history:SendBack:a2',
      `createTask:${INITIATOR_ACTIVITY_ID}`,
      `history:Returned:${INITIATOR_ACTIVITY_ID}`,
    ]);
    expect(instance.state).toMatchObject({ returnedToInitiator: true, visited: [], status: 'Suspended' });
    expect(instance.blockingIds()).toEqual([`task:${INITIATOR_ACTIVITY_ID}`]);
    // Nothing is earlier than the initiator.
    expect(
      instance.refuse({
        type: 'sendBack',
        fromActivityId: INITIATOR_ACTIVITY_ID,
        toActivityId: INITIATOR_ACTIVITY_ID,
      }),
    ).toBe('not-an-earlier-activity');
    expect(
      instance.refuse({ type: 'sendBack', fromActivityId: INITIATOR_ACTIVITY_ID, toActivityId: 'a1' }),
    ).toBe('not-an-earlier-activity');
  });

  it('cancels the other open tasks and jobs, and forgets join arrivals', () => {
    const parallel = def(
      [
        act('Start', 'start'),
        approval('first'),
        act('Fork', 'fork', { branches: ['L', 'R', 'T'] }),
        approval('left'),
        approval('right'),
        act('Timer', 'wait', { duration: 'P1D' }),
        act('Join', 'join'),
        act('End', 'end'),
      ],
      [
        c('start>first'),
        c('first>fork', 'Approve'),
        c('fork>left', 'L'),
        c('fork>right', 'R'),
        c('fork>wait', 'T'),
        c('left>join', 'Approve'),
        c('right>join', 'Approve'),
        c('wait>join'),
        c('join>end'),
      ],
    );
    const instance = new Instance(parallel);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'first', outcome: 'Approve' });
    instance.send({ type: 'taskCompleted', activityId: 'left', outcome: 'Approve' });
    expect(instance.state.joins).toEqual({ join: ['left'] });
    expect(instance.state.visited).toEqual(['first', 'left']);
    const effects = instance.send({ type: 'sendBack', fromActivityId: 'right', toActivityId: 'first' });
    expect(summary(effects)).toEqual(['cancelJobs:wait', 'history:SendBack:right', 'createTask:first']);
    expect(instance.state).toMatchObject({ joins: {}, visited: [], status: 'Suspended' });
    expect(instance.blockingIds()).toEqual(['task:first']);
  });

  it('refuses targets that are not earlier task activities, and activities that forbid it', () => {
    const instance = atSecondApproval();
    const from = (toActivityId: string, fromActivityId = 'a2') =>
      instance.refuse({ type: 'sendBack', fromActivityId, toActivityId });
    expect(from('a2')).toBe('not-an-earlier-activity');
    expect(from('stamp')).toBe('not-an-earlier-activity');
    expect(from('start')).toBe('not-an-earlier-activity');
    expect(from('nowhere')).toBe('not-an-earlier-activity');
    expect(from('a1', 'u')).toBe('activity-not-waiting');
    expect(from('a1', INITIATOR_ACTIVITY_ID)).toBe('activity-not-waiting');

    const strict = structuredClone(chain);
    strict.activities[3] = approval('a2', { allowSendBack: false });
    const locked = new Instance(strict);
    locked.send({ type: 'start' });
    locked.send({ type: 'taskCompleted', activityId: 'a1', outcome: 'Approve' });
    locked.send({ type: 'taskCompleted', activityId: 'u', outcome: 'Submit' });
    expect(locked.refuse({ type: 'sendBack', fromActivityId: 'a2', toActivityId: 'a1' })).toBe(
      'not-an-earlier-activity',
    );
    expect(
      locked.refuse({ type: 'sendBack', fromActivityId: 'a2', toActivityId: INITIATOR_ACTIVITY_ID }),
    ).toBe('not-an-earlier-activity');
  });

  it('allows a task activity revisited in a loop to be the target once it is earlier again', () => {
    const instance = atSecondApproval();
    instance.send({ type: 'sendBack', fromActivityId: 'a2', toActivityId: 'a1' });
    expect(instance.refuse({ type: 'sendBack', fromActivityId: 'a1', toActivityId: 'u' })).toBe(
      'not-an-earlier-activity',
    );
    instance.send({ type: 'taskCompleted', activityId: 'a1', outcome: 'Approve' });
    instance.send({ type: 'sendBack', fromActivityId: 'u', toActivityId: 'a1' });
    expect(instance.blockingIds()).toEqual(['task:a1']);
  });
});

describe('withdrawing', () => {
  it('cancels every task and job and ends the instance as Cancelled', () => {
    const instance = atSecondApproval();
    const effects = instance.send({ type: 'withdraw' });
    expect(summary(effects)).toEqual(['cancelTasks:all', `history:Withdraw:${INITIATOR_ACTIVITY_ID}`]);
    expect(instance.state).toMatchObject({ status: 'Cancelled', blocking: [], returnedToInitiator: false });
    expect(instance.refuse({ type: 'withdraw' })).toBe('not-active');
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'a2', outcome: 'Approve' })).toBe(
      'not-active',
    );
    expect(instance.refuse({ type: 'sendBack', fromActivityId: 'a2', toActivityId: 'a1' })).toBe(
      'not-active',
    );
    expect(instance.refuse({ type: 'start' })).toBe('not-active');
  });

  it('works on a returned record and on a job-only wait', () => {
    const returned = new Instance(twoStep);
    returned.send({ type: 'start' });
    returned.send({ type: 'taskCompleted', activityId: 'manager', outcome: 'Reject' });
    returned.send({ type: 'withdraw' });
    expect(returned.state).toMatchObject({ status: 'Cancelled', returnedToInitiator: false, blocking: [] });
    expect(returned.refuse({ type: 'resubmit' })).toBe('not-active');

    const jobs = atSecondApproval();
    jobs.send({ type: 'taskCompleted', activityId: 'a2', outcome: 'Approve' });
    expect(jobs.blockingIds()).toEqual(['job:stamp']);
    expect(summary(jobs.send({ type: 'withdraw' }))).toEqual([
      'cancelJobs:all',
      `history:Withdraw:${INITIATOR_ACTIVITY_ID}`,
    ]);
  });
});

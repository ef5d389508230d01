import { describe, expect, it } from 'vitest';
import {
  INITIATOR_ACTIVITY_ID,
  WorkflowActionError,
  initialState,
  transition,
  type InstanceState,
  type WorkflowEvent,
} from '../index.ts';
import {
  Instance,
  NOW,
  act,
  approval,
  c,
  context,
  deepFreeze,
  def,
  history,
  summary,
  userTask,
} from './helpers.ts';

const flow = def(
  [
    act('Start', 'start'),
    approval('review'),
    act('SendEmail', 'mail', { to: 'a@example.com', subject: 's', body: 'b' }),
    act('End', 'end'),
  ],
  [c('start>review'), c('review>mail', 'Approve'), c('mail>end')],
);

describe('restart', () => {
  it('starts over from a Finished instance', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'review', outcome: 'Approve' });
    instance.send({ type: 'jobCompleted', activityId: 'mail' });
    expect(instance.state.status).toBe('Finished');
    expect(summary(instance.send({ type: 'restart' }))).toEqual([
      'history:Restart:start',
      'createTask:review',
    ]);
    expect(instance.state).toEqual({
      ...initialState(1),
      status: 'Suspended',
      blocking: [{ activityId: 'review', kind: 'task', since: NOW }],
    });
  });

  it('starts over from a Faulted instance, clearing the fault', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'fault', activityId: 'review', message: 'No user matches the assignment' });
    expect(instance.state.status).toBe('Faulted');
    expect(summary(instance.send({ type: 'restart' }))).toEqual([
      'history:Restart:start',
      'createTask:review',
    ]);
    expect(instance.state.fault).toBeNull();
    expect(instance.state.status).toBe('Suspended');
  });

  it('cancels open tasks and jobs mid-flight and forgets the trail', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'review', outcome: 'Approve' });
    expect(instance.state.visited).toEqual(['review']);
    expect(summary(instance.send({ type: 'restart' }))).toEqual([
      'cancelJobs:all',
      'history:Restart:start',
      'createTask:review',
    ]);
    expect(instance.state.visited).toEqual([]);
    expect(summary(instance.send({ type: 'restart' }))).toEqual([
      'cancelTasks:all',
      'history:Restart:start',
      'createTask:review',
    ]);
  });

  it('starts over from Cancelled and from a record returned to the initiator', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'withdraw' });
    instance.send({ type: 'restart' });
    expect(instance.state.status).toBe('Suspended');
    instance.send({ type: 'taskCompleted', activityId: 'review', outcome: 'Reject' });
    expect(instance.state.returnedToInitiator).toBe(true);
    expect(summary(instance.send({ type: 'restart' }))).toEqual([
      'cancelTasks:all',
      'history:Restart:start',
      'createTask:review',
    ]);
    expect(instance.state.returnedToInitiator).toBe(false);
  });

  it('can restart an instance that was never started', () => {
    const instance = new Instance(flow);
    expect(summary(instance.send({ type: 'restart' }))).toEqual([
      'history:Restart:start',
      'createTask:review',
    ]);
  });
});

describe('fault and retry', () => {
  it('faults a running job for good and retries it', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'taskCompleted', activityId: 'review', outcome: 'Approve' });
    const faulted = instance.send({
      type: 'fault',
      activityId: 'mail',
      message: 'SMTP server refused the message',
    });
    expect(faulted).toEqual([
      { type: 'cancelJobs', activityIds: 'all' },
      {
        type: 'history',
        entry: {
          activityId: 'mail',
          activityType: 'SendEmail',
          activityName: 'mail',
          actionType: 'Faulted',
          message: 'SMTP server refused the message',
        },
      },
    ]);
    expect(instance.state).toMatchObject({
      status: 'Faulted',
      blocking: [],
      fault: { activityId: 'mail', message: 'SMTP server refused the message', at: NOW },
    });
    const later = context({}, '2025-03-01T11:00:00.000Z');
    const retried = instance.send({ type: 'retry' }, later);
    expect(summary(retried)).toEqual(['history:Retry:mail', 'scheduleJob:mail']);
    expect(instance.state).toMatchObject({
      status: 'Suspended',
      fault: null,
      blocking: [{ activityId: 'mail', kind: 'job', since: '2025-03-01T11:00:00.000Z' }],
    });
    instance.send({ type: 'jobCompleted', activityId: 'mail' });
    expect(instance.state.status).toBe('Finished');
  });

  it('retries a Decision whose condition failed, now that it evaluates', () => {
    const gate = def(
      [act('Start', 'start'), act('Decision', 'd', { condition: 'c' }), act('End', 'end')],
      [c('start>d'), c('d>end', 'True'), c('d>end', 'False')],
    );
    const instance = new Instance(gate, 1, context({ c: new Error('Unknown field {c}') }));
    instance.send({ type: 'start' });
    expect(instance.state.fault?.message).toBe('Unknown field {c}');
    expect(summary(instance.send({ type: 'retry' }, context({ c: true })))).toEqual([
      'history:Retry:d',
      'history:Finished:end',
    ]);
  });

  it('faults again when the faulted activity is not in the definition', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'fault', activityId: 'ghost', message: 'Assignment could not be resolved' });
    expect(history(instance.effects)[0]).toMatchObject({ activityId: 'ghost', activityName: 'ghost' });
    const effects = instance.send({ type: 'retry' });
    expect(summary(effects)).toEqual(['history:Retry:ghost', 'history:Faulted:ghost']);
    expect(instance.state.status).toBe('Faulted');
    expect(instance.state.fault?.message).toMatch(/ghost.*does not exist/);
  });

  it('retrying a Join that faulted fires it again', () => {
    const joined = def(
      [
        act('Start', 'start'),
        act('Fork', 'f', { branches: ['A', 'B'] }),
        approval('a'),
        approval('b'),
        act('Join', 'j'),
        approval('after'),
        act('End', 'end'),
      ],
      [
        c('start>f'),
        c('f>a', 'A'),
        c('f>b', 'B'),
        c('a>j', 'Approve'),
        c('b>j', 'Approve'),
        c('j>after'),
        c('after>end', 'Approve'),
      ],
    );
    const instance = new Instance(joined);
    instance.send({ type: 'start' });
    instance.send({ type: 'fault', activityId: 'j', message: 'Injected' });
    expect(summary(instance.send({ type: 'retry' }))).toEqual(['history:Retry:j', 'createTask:after']);
  });

  it('refuses fault unless active and retry unless faulted', () => {
    const instance = new Instance(flow);
    expect(instance.refuse({ type: 'retry' })).toBe('not-faulted');
    instance.send({ type: 'start' });
    expect(instance.refuse({ type: 'retry' })).toBe('not-faulted');
    instance.send({ type: 'fault', activityId: 'review', message: 'x' });
    expect(instance.refuse({ type: 'fault', activityId: 'review', message: 'again' })).toBe('not-active');
    expect(instance.refuse({ type: 'withdraw' })).toBe('not-active');
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'review', outcome: 'Approve' })).toBe(
      'not-active',
    );
    expect(instance.refuse({ type: 'jobCompleted', activityId: 'mail' })).toBe('not-active');
    expect(instance.refuse({ type: 'resubmit' })).toBe('not-active');
    expect(instance.refuse({ type: 'start' })).toBe('not-active');
  });

  it('gives a fault without a message a readable one', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    instance.send({ type: 'fault', activityId: 'review', message: '' });
    expect(instance.state.fault?.message).toBe('The activity failed');
  });
});

describe('refusals', () => {
  it('refuses a second start, and any action on a Finished instance', () => {
    const instance = new Instance(flow);
    instance.send({ type: 'start' });
    expect(instance.refuse({ type: 'start' })).toBe('not-active');
    instance.send({ type: 'taskCompleted', activityId: 'review', outcome: 'Approve' });
    instance.send({ type: 'jobCompleted', activityId: 'mail' });
    const finished: WorkflowEvent[] = [
      { type: 'start' },
      { type: 'taskCompleted', activityId: 'review', outcome: 'Approve' },
      { type: 'jobCompleted', activityId: 'mail' },
      { type: 'sendBack', fromActivityId: 'review', toActivityId: INITIATOR_ACTIVITY_ID },
      { type: 'withdraw' },
      { type: 'fault', activityId: 'review', message: 'x' },
      { type: 'resubmit' },
    ];
    for (const event of finished)
      expect([event.type, instance.refuse(event)]).toEqual([event.type, 'not-active']);
    expect(instance.refuse({ type: 'retry' })).toBe('not-faulted');
  });

  it('refuses a task outcome the activity does not have', () => {
    const instance = new Instance(
      def(
        [act('Start', 'start'), userTask('u', ['Accept', 'Decline']), act('End', 'end')],
        [c('start>u'), c('u>end', 'Accept'), c('u>end', 'Decline')],
      ),
    );
    instance.send({ type: 'start' });
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'u', outcome: 'Done' })).toBe(
      'unknown-outcome',
    );
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'u', outcome: 'accept' })).toBe(
      'unknown-outcome',
    );
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'start', outcome: 'Done' })).toBe(
      'activity-not-waiting',
    );
    instance.send({ type: 'taskCompleted', activityId: 'u', outcome: 'Decline' });
    expect(instance.state.status).toBe('Finished');
  });

  it('throws WorkflowActionError instances with an English message', () => {
    const instance = new Instance(flow);
    try {
      transition(instance.pinned, instance.state, { type: 'retry' }, context());
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(WorkflowActionError);
      expect(error).toMatchObject({ code: 'not-faulted', message: expect.stringMatching(/faulted/) });
    }
  });
});

describe('version pinning', () => {
  const v1 = def(
    [act('Start', 'start'), approval('a1'), act('End', 'end')],
    [c('start>a1'), c('a1>end', 'Approve')],
  );
  const v2 = def(
    [act('Start', 'start'), userTask('x', ['Go']), approval('a2'), act('End', 'end')],
    [c('start>x'), c('x>a2', 'Go'), c('a2>end', 'Approve')],
  );

  it('refuses a transition with another version than the instance started on', () => {
    const state = deepFreeze(initialState(1));
    for (const event of [{ type: 'start' }, { type: 'restart' }, { type: 'retry' }] as WorkflowEvent[]) {
      expect(() => transition({ version: 2, definition: v2 }, state, event, context())).toThrow(
        expect.objectContaining({ code: 'version-mismatch' }),
      );
    }
  });

  it('keeps running an instance on its v1 definition while v2 has other activities', () => {
    const old = new Instance(v1, 1);
    old.send({ type: 'start' });
    expect(() =>
      transition(
        { version: 2, definition: v2 },
        old.state,
        { type: 'taskCompleted', activityId: 'a1', outcome: 'Approve' },
        context(),
      ),
    ).toThrow(expect.objectContaining({ code: 'version-mismatch' }));
    old.send({ type: 'taskCompleted', activityId: 'a1', outcome: 'Approve' });
    expect(old.state.status).toBe('Finished');

    const fresh = new Instance(v2, 2);
    expect(summary(fresh.send({ type: 'start' }))).toEqual(['history:Started:start', 'createTask:x']);
    expect(fresh.state.definitionVersion).toBe(2);
    // A restart keeps the instance on its version.
    fresh.send({ type: 'restart' });
    expect(fresh.state.definitionVersion).toBe(2);
  });
});

describe('purity', () => {
  it('never changes its inputs and returns a state that shares nothing with them', () => {
    const state: InstanceState = deepFreeze({
      definitionVersion: 1,
      status: 'Suspended',
      blocking: [{ activityId: 'review', kind: 'task', since: NOW }],
      joins: { j: ['x'] },
      visited: ['older'],
      returnedToInitiator: false,
      fault: null,
    });
    const pinned = deepFreeze({ version: 1, definition: structuredClone(flow) });
    const result = transition(
      pinned,
      state,
      { type: 'taskCompleted', activityId: 'review', outcome: 'Approve' },
      context(),
    );
    expect(result.state).not.toBe(state);
    expect(result.state.joins).not.toBe(state.joins);
    expect(result.state.joins.j).not.toBe(state.joins.j);
    expect(result.state.visited).toEqual(['older', 'review']);
    expect(state.visited).toEqual(['older']);
    expect(Object.isFrozen(result.state)).toBe(false);
  });

  it('gives the same result for the same input', () => {
    const run = () => {
      const instance = new Instance(flow);
      instance.send({ type: 'start' });
      return instance.send({ type: 'taskCompleted', activityId: 'review', outcome: 'Approve' });
    };
    expect(run()).toEqual(run());
  });
});

describe('a definition without a Start', () => {
  it('faults on start with a clear message', () => {
    const instance = new Instance(def([act('End', 'end')], []));
    const effects = instance.send({ type: 'start' });
    expect(summary(effects)).toEqual(['history:Started:', 'history:Faulted:']);
    expect(instance.state.fault?.message).toBe('The workflow has no Start activity');
  });

  it('faults at a Start without a Done connection, and at an unknown activity type', () => {
    const lonely = new Instance(def([act('Start', 's'), act('End', 'end')], []));
    lonely.send({ type: 'start' });
    expect(lonely.state.fault).toMatchObject({
      activityId: 's',
      message: "No connection for outcome 'Done' of 's'",
    });

    const odd = new Instance(
      def([act('Start', 's'), act('WriteLine', 'w'), act('End', 'end')], [c('s>w'), c('w>end')]),
    );
    odd.send({ type: 'start' });
    expect(odd.state.fault).toMatchObject({
      activityId: 'w',
      message: "'w' has the unsupported type 'WriteLine'",
    });
  });

  it('faults at a Fork without any branch connection', () => {
    const instance = new Instance(
      def([act('Start', 's'), act('Fork', 'f', { branches: ['A', 'B'] }), act('End', 'end')], [c('s>f')]),
    );
    instance.send({ type: 'start' });
    expect(instance.state.fault).toMatchObject({
      activityId: 'f',
      message: "No connection for any branch of 'f'",
    });
  });
});

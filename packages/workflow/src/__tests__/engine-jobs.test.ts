import { describe, expect, it } from 'vitest';
import { Instance, NOW, act, approval, c, context, def, history, summary } from './helpers.ts';

const jobs = def(
  [
    act('Start', 'start'),
    act('SendEmail', 'mail', { to: '{requester}', subject: 'Hi', body: 'Body' }),
    act('Timer', 'wait', { duration: 'PT30M' }),
    act('SetField', 'stamp', { field: 'stage', value: '"sent"' }),
    act('HttpRequest', 'call', { url: 'https://example.com/hook', method: 'POST', headers: {}, body: '{}' }),
    act('End', 'end'),
  ],
  [c('start>mail'), c('mail>wait'), c('wait>stamp'), c('stamp>call'), c('call>end')],
);

describe('job activities', () => {
  it('schedules each job with its properties and continues when it completes', () => {
    const instance = new Instance(jobs);
    const started = instance.send({ type: 'start' });
    expect(started[1]).toEqual({
      type: 'scheduleJob',
      activityId: 'mail',
      activityType: 'SendEmail',
      properties: { to: '{requester}', subject: 'Hi', body: 'Body' },
    });
    expect(instance.state.blocking).toEqual([{ activityId: 'mail', kind: 'job', since: NOW }]);

    const waited = instance.send({ type: 'jobCompleted', activityId: 'mail', outcome: 'Done' });
    expect(waited).toEqual([
      {
        type: 'history',
        entry: {
          activityId: 'mail',
          activityType: 'SendEmail',
          activityName: 'mail',
          actionType: 'Executed',
          outcome: 'Done',
        },
      },
      {
        type: 'scheduleJob',
        activityId: 'wait',
        activityType: 'Timer',
        properties: { duration: 'PT30M' },
        runAt: '2025-03-01T10:30:00.000Z',
      },
    ]);
    expect(summary(instance.send({ type: 'jobCompleted', activityId: 'wait' }))).toEqual([
      'history:Executed:wait',
      'scheduleJob:stamp',
    ]);
    expect(summary(instance.send({ type: 'jobCompleted', activityId: 'stamp' }))).toEqual([
      'history:Executed:stamp',
      'scheduleJob:call',
    ]);
    expect(instance.effects[1]).toMatchObject({
      activityType: 'HttpRequest',
      properties: { method: 'POST' },
    });
    expect(summary(instance.send({ type: 'jobCompleted', activityId: 'call' }))).toEqual([
      'history:Executed:call',
      'history:Finished:end',
    ]);
  });

  it('hands out copies of the properties, not the definition itself', () => {
    const instance = new Instance(jobs);
    const [, scheduled] = instance.send({ type: 'start' });
    if (scheduled?.type !== 'scheduleJob') throw new Error('expected a job');
    expect(Object.isFrozen(scheduled.properties)).toBe(false);
    scheduled.properties.to = 'changed';
    expect(instance.pinned.definition.activities[1]?.properties.to).toBe('{requester}');
  });

  it.each([
    ['PT30M', '2025-03-01T10:30:00.000Z'],
    ['P1D', '2025-03-02T10:00:00.000Z'],
    ['P1DT2H', '2025-03-02T12:00:00.000Z'],
    ['PT1.5H', '2025-03-01T11:30:00.000Z'],
    ['P1W', '2025-03-08T10:00:00.000Z'],
    ['PT90S', '2025-03-01T10:01:30.000Z'],
    ['P1M', '2025-04-01T10:00:00.000Z'],
    ['P1Y2M3DT4H5M6S', '2026-05-04T14:05:06.000Z'],
  ])('computes a Timer of %s as runAt %s', (duration, runAt) => {
    const timer = def(
      [act('Start', 'start'), act('Timer', 't', { duration }), act('End', 'end')],
      [c('start>t'), c('t>end')],
    );
    expect(new Instance(timer).send({ type: 'start' })[1]).toMatchObject({ type: 'scheduleJob', runAt });
  });

  it('adds months on the calendar, clamping to the last day of the month', () => {
    const timer = def(
      [act('Start', 'start'), act('Timer', 't', { duration: 'P1M' }), act('End', 'end')],
      [c('start>t'), c('t>end')],
    );
    const effects = new Instance(timer, 1, context({}, '2024-01-31T09:00:00.000Z')).send({ type: 'start' });
    expect(effects[1]).toMatchObject({ runAt: '2024-02-29T09:00:00.000Z' });
  });

  it.each(['', '1 hour', 'PT', 'P', 'PT-5M', 30])(
    'faults a Timer with the invalid duration %j',
    (duration) => {
      const timer = def(
        [act('Start', 'start'), act('Timer', 't', { duration }), act('End', 'end')],
        [c('start>t'), c('t>end')],
      );
      const instance = new Instance(timer);
      instance.send({ type: 'start' });
      expect(instance.state.status).toBe('Faulted');
      expect(instance.state.fault?.message).toMatch(/^Timer 't' has an invalid duration .*ISO 8601/);
    },
  );

  const http = (withPath: boolean) =>
    def(
      [
        act('Start', 'start'),
        act('HttpRequest', 'call', { url: 'https://example.com', method: 'GET' }),
        act('SendEmail', 'alert', { to: 'ops@example.com', subject: 'Failed', body: '' }),
        act('End', 'end'),
      ],
      [
        c('start>call'),
        c('call>end'),
        ...(withPath ? [c('call>alert', 'Unsupported Status Code'), c('alert>end')] : []),
      ],
    );

  it('follows the Unsupported Status Code path of an HttpRequest', () => {
    const instance = new Instance(http(true));
    instance.send({ type: 'start' });
    const effects = instance.send({
      type: 'jobCompleted',
      activityId: 'call',
      outcome: 'Unsupported Status Code',
    });
    expect(summary(effects)).toEqual(['history:Executed:call', 'scheduleJob:alert']);
    expect(history(effects)[0]?.outcome).toBe('Unsupported Status Code');
  });

  it('faults when an unsupported status has no path', () => {
    const instance = new Instance(http(false));
    instance.send({ type: 'start' });
    const effects = instance.send({
      type: 'jobCompleted',
      activityId: 'call',
      outcome: 'Unsupported Status Code',
    });
    expect(summary(effects)).toEqual(['history:Executed:call', 'history:Faulted:call']);
    expect(instance.state.status).toBe('Faulted');
    expect(instance.state.fault?.message).toContain('Unsupported Status Code');
    expect(instance.state.fault?.message).toContain("HTTP request 'call'");
  });

  it('refuses completing a job with an outcome it does not have, or a job that is not waiting', () => {
    const instance = new Instance(http(true));
    instance.send({ type: 'start' });
    expect(instance.refuse({ type: 'jobCompleted', activityId: 'call', outcome: 'Success' })).toBe(
      'unknown-outcome',
    );
    expect(instance.refuse({ type: 'jobCompleted', activityId: 'alert' })).toBe('activity-not-waiting');
    expect(instance.refuse({ type: 'jobCompleted', activityId: 'ghost' })).toBe('activity-not-waiting');
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'call', outcome: 'Done' })).toBe(
      'activity-not-waiting',
    );
  });

  it('does not accept a job completion for a task, nor a task completion for a job', () => {
    const mixed = def(
      [act('Start', 'start'), approval('a'), act('End', 'end')],
      [c('start>a'), c('a>end', 'Approve')],
    );
    const instance = new Instance(mixed);
    instance.send({ type: 'start' });
    expect(instance.refuse({ type: 'jobCompleted', activityId: 'a' })).toBe('activity-not-waiting');
    expect(instance.refuse({ type: 'taskCompleted', activityId: 'a', outcome: 'Done' })).toBe(
      'unknown-outcome',
    );
  });
});

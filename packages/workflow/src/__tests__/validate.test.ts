import { describe, expect, it } from 'vitest';
import {
  emptyDefinition,
  validateDefinition,
  type ValidationIssue,
  type WorkflowDefinition,
} from '../index.ts';
import { act, approval, c, deepFreeze, def, userTask } from './helpers.ts';

const check = (definition: WorkflowDefinition): ValidationIssue[] =>
  validateDefinition(deepFreeze(definition));

/** Start → (activity) → End with the activity's listed outcomes connected to End. */
function around(activity: ReturnType<typeof act>, outcomes: string[]): WorkflowDefinition {
  return def(
    [act('Start', 'start'), activity, act('End', 'end')],
    [
      c(`start>${activity.activityId}`),
      ...outcomes.map((outcome) => c(`${activity.activityId}>end`, outcome)),
    ],
  );
}

const complex = def(
  [
    act('Start', 'start'),
    act('Fork', 'fork', { branches: ['Legal', 'Finance'] }),
    approval('legal'),
    userTask('finance', ['Approve budget', 'Decline'], { allowSendBack: false }),
    act('Join', 'join', { mode: 'WaitAll' }),
    act('Decision', 'big', { condition: '{amount} > 1000' }),
    act('SendEmail', 'mail', { to: '{requester}, boss@example.com', subject: 'Approved', body: 'Yes' }),
    act('HttpRequest', 'http', {
      url: 'https://erp.example.com/orders',
      method: 'POST',
      headers: {},
      body: '',
    }),
    act('SetField', 'stamp', { field: 'stage', value: '"booked"' }),
    act('Timer', 'cool', { duration: 'P1DT2H' }),
    act('End', 'end'),
    act('End', 'declined'),
  ],
  [
    c('start>fork'),
    c('fork>legal', 'Legal'),
    c('fork>finance', 'Finance'),
    c('legal>join', 'Approve'),
    c('finance>join', 'Approve budget'),
    c('finance>declined', 'Decline'),
    c('join>big'),
    c('big>mail', 'True'),
    c('big>http', 'False'),
    c('mail>end'),
    c('http>stamp'),
    c('stamp>cool'),
    c('cool>end'),
    c('cool>big'),
  ],
);

describe('validateDefinition', () => {
  it('accepts a complex, fully valid definition (a missing Reject path and unsupported-status path are allowed)', () => {
    expect(check(complex)).toEqual([]);
    expect(check(emptyDefinition())).toEqual([]);
  });

  it.each<[string, WorkflowDefinition, ValidationIssue[]]>([
    ['no-start', def([act('End', 'end')], []), [{ code: 'no-start' }]],
    [
      'multiple-starts',
      def([act('Start', 's1'), act('Start', 's2'), act('End', 'end')], [c('s1>end'), c('s2>end')]),
      [
        { code: 'multiple-starts', activityId: 's1' },
        { code: 'multiple-starts', activityId: 's2' },
      ],
    ],
    ['no-end', def([act('Start', 'start')], []), [{ code: 'no-end' }]],
    [
      'unknown-type',
      around(act('WriteLine', 'w', { Text: 'Hello' }), ['Done']),
      [{ code: 'unknown-type', activityId: 'w', detail: 'WriteLine' }],
    ],
    [
      'duplicate-id',
      def(
        [act('Start', 'start'), approval('a'), approval('a'), act('End', 'end')],
        [c('start>a'), c('a>end', 'Approve')],
      ),
      [{ code: 'duplicate-id', activityId: 'a' }],
    ],
    [
      'dangling-connection',
      def(
        [act('Start', 'start'), act('End', 'end')],
        [c('start>end'), c('start>ghost'), c('phantom>end'), c('x>y')],
      ),
      [
        { code: 'dangling-connection', activityId: 'start', detail: 'ghost' },
        { code: 'dangling-connection', activityId: 'end', detail: 'phantom' },
        { code: 'dangling-connection', detail: 'x' },
      ],
    ],
    [
      'unknown-outcome',
      def([act('Start', 'start'), act('End', 'end')], [c('start>end'), c('start>end', 'Go')]),
      [{ code: 'unknown-outcome', activityId: 'start', detail: 'Go' }],
    ],
    [
      'unreachable',
      def(
        [act('Start', 'start'), approval('island'), act('End', 'end')],
        [c('start>end'), c('island>end', 'Approve')],
      ),
      [{ code: 'unreachable', activityId: 'island' }],
    ],
    [
      'dead-end (no way out)',
      def([act('Start', 'start'), approval('stuck'), act('End', 'end')], [c('start>stuck'), c('start>end')]),
      [{ code: 'dead-end', activityId: 'stuck' }],
    ],
    [
      'dead-end (Approve not connected)',
      around(approval('a'), ['Reject']),
      [{ code: 'dead-end', activityId: 'a', detail: 'Approve' }],
    ],
    [
      'dead-end (an action of a user task not connected)',
      around(userTask('u', ['Yes', 'No']), ['Yes']),
      [{ code: 'dead-end', activityId: 'u', detail: 'No' }],
    ],
    [
      'missing-assignees',
      around(act('Approval', 'a', { assignment: [] }), ['Approve']),
      [{ code: 'missing-assignees', activityId: 'a' }],
    ],
    [
      'missing-assignees (user task without assignment at all)',
      around(act('UserTask', 'u', {}), ['Done']),
      [{ code: 'missing-assignees', activityId: 'u' }],
    ],
    [
      'decision-branches',
      around(act('Decision', 'd', { condition: 'true' }), ['True']),
      [{ code: 'decision-branches', activityId: 'd', detail: 'False' }],
    ],
    [
      'missing-condition',
      around(act('Decision', 'd', { condition: '   ' }), ['True', 'False']),
      [{ code: 'missing-condition', activityId: 'd' }],
    ],
    [
      'fork-branches (one branch)',
      around(act('Fork', 'f', { branches: ['Only'] }), ['Only']),
      [{ code: 'fork-branches', activityId: 'f' }],
    ],
    [
      'fork-branches (unconnected branch)',
      around(act('Fork', 'f', { branches: ['A', 'B'] }), ['A']),
      [{ code: 'fork-branches', activityId: 'f', detail: 'B' }],
    ],
    ['join-inputs', around(act('Join', 'j'), ['Done']), [{ code: 'join-inputs', activityId: 'j' }]],
    [
      'missing-property (SendEmail to)',
      around(act('SendEmail', 'm', { to: ' ', subject: 'x', body: '' }), ['Done']),
      [{ code: 'missing-property', activityId: 'm', detail: 'to' }],
    ],
    [
      'missing-property (HttpRequest url)',
      around(act('HttpRequest', 'h', { method: 'GET' }), ['Done']),
      [{ code: 'missing-property', activityId: 'h', detail: 'url' }],
    ],
    [
      'missing-property (SetField field)',
      around(act('SetField', 's', { field: '', value: '1' }), ['Done']),
      [{ code: 'missing-property', activityId: 's', detail: 'field' }],
    ],
    [
      'missing-property (Timer duration)',
      around(act('Timer', 't', { duration: '30 minutes' }), ['Done']),
      [{ code: 'missing-property', activityId: 't', detail: 'duration' }],
    ],
  ])('reports %s', (_name, definition, issues) => {
    expect(check(definition)).toEqual(issues);
  });

  it('reports a loop without an exit as dead ends, and the End it cannot reach as unreachable', () => {
    const loop = def(
      [act('Start', 'start'), userTask('u', ['Done']), userTask('v', ['Done']), act('End', 'end')],
      [c('start>u'), c('u>v'), c('v>u')],
    );
    expect(check(loop)).toEqual([
      { code: 'dead-end', activityId: 'start' },
      { code: 'dead-end', activityId: 'u' },
      { code: 'dead-end', activityId: 'v' },
      { code: 'unreachable', activityId: 'end' },
    ]);
  });

  it('does not judge the outcomes of an unknown type, nor report dead ends when there is no End', () => {
    const odd = def(
      [act('Start', 'start'), act('SignalReceived', 'sig')],
      [c('start>sig'), c('sig>start', 'Extinguish')],
    );
    expect(check(odd)).toEqual([
      { code: 'no-end' },
      { code: 'unknown-type', activityId: 'sig', detail: 'SignalReceived' },
    ]);
  });

  it('orders issues by activity, then by code', () => {
    const messy = def(
      [
        act('Start', 'start'),
        act('Decision', 'd', { condition: '' }),
        act('Fork', 'f', { branches: [] }),
        act('Approval', 'a', { assignment: [] }),
        act('Mystery', 'm'),
      ],
      [c('start>d'), c('d>a', 'True'), c('d>a', 'Maybe'), c('a>f', 'Approve'), c('zz>a')],
    );
    expect(check(messy)).toEqual([
      { code: 'no-end' },
      { code: 'unknown-outcome', activityId: 'd', detail: 'Maybe' },
      { code: 'decision-branches', activityId: 'd', detail: 'False' },
      { code: 'missing-condition', activityId: 'd' },
      { code: 'fork-branches', activityId: 'f' },
      { code: 'dangling-connection', activityId: 'a', detail: 'zz' },
      { code: 'missing-assignees', activityId: 'a' },
      { code: 'unknown-type', activityId: 'm', detail: 'Mystery' },
      { code: 'unreachable', activityId: 'm' },
    ]);
    expect(check(messy)).toEqual(check(structuredClone(messy)));
  });

  it('is satisfied by assignees of every kind and a Join fed by two distinct sources only', () => {
    const twoFromOne = def(
      [
        act('Start', 'start'),
        act('Approval', 'a', { assignment: [{ approver_id: 'initiator', type: 'initiator' }] }),
        act('Join', 'j'),
        act('End', 'end'),
      ],
      [c('start>a'), c('a>j', 'Approve'), c('a>j', 'Reject'), c('j>end')],
    );
    expect(check(twoFromOne)).toEqual([{ code: 'join-inputs', activityId: 'j' }]);
  });
});

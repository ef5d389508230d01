import { describe, expect, it } from 'vitest';
import { INITIATOR_ACTIVITY_ID } from '@formloop/workflow';
import {
  isEmptyPlan,
  planComment,
  planReassignment,
  planTransitionNotices,
  type CreatedTask,
  type TransitionSummary,
} from '../notice-plan.ts';

// Who hears about what: the rules of notice-plan.ts on made-up transitions.

const task = (
  taskId: string,
  activityName: string,
  assignees: string[],
  activityId = taskId,
): CreatedTask => ({
  taskId,
  activityId,
  activityName,
  taskType: activityId === INITIATOR_ACTIVITY_ID ? 'Resubmit' : 'Approval',
  assignees,
});

const summary = (over: Partial<TransitionSummary>): TransitionSummary => ({
  event: 'start',
  actorId: 'uma',
  initiatorId: 'uma',
  acted: null,
  actedTaskId: null,
  message: null,
  createdTasks: [],
  finished: false,
  faulted: false,
  ...over,
});

/** The plan as "user type step task" lines and "event → users (step, task)" lines. */
function lines(plan: ReturnType<typeof planTransitionNotices>) {
  return {
    notices: plan.notices.map((n) => `${n.userId} ${n.type} ${n.step ?? '-'} ${n.taskId ?? '-'}`),
    mails: plan.mails.map(
      (m) => `${m.event} → ${m.userIds.join(',')} (${m.step ?? '-'}, ${m.taskId ?? '-'})`,
    ),
  };
}

describe('transition notices', () => {
  it('a submission assigns the first step: its assignees hear of it and get the submit mail', () => {
    const plan = planTransitionNotices(
      summary({
        acted: { activityName: 'Start', actionType: 'Started' },
        createdTasks: [task('t1', 'Manager approval', ['fred', 'uma', 'cora'])],
      }),
    );
    // The submitter (uma) is one of the approvers: she acted, so she hears nothing.
    expect(lines(plan)).toEqual({
      notices: ['fred assigned Manager approval t1', 'cora assigned Manager approval t1'],
      mails: ['submit → fred,cora (Manager approval, t1)'],
    });
  });

  it('an approval tells the initiator and assigns the next step', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'taskCompleted',
        actorId: 'fred',
        acted: { activityName: 'Manager approval', actionType: 'Approve' },
        actedTaskId: 't1',
        message: 'Fine',
        createdTasks: [task('t2', 'Director approval', ['cora'])],
      }),
    );
    expect(lines(plan)).toEqual({
      notices: ['cora assigned Director approval t2', 'uma approve Manager approval t1'],
      mails: ['submit → cora (Director approval, t2)', 'approve → uma (Manager approval, t1)'],
    });
    expect(plan.notices.find((n) => n.type === 'approve')?.message).toBe('Fine');
    expect(plan.notices.find((n) => n.type === 'assigned')?.message).toBeNull();
  });

  it('the last approval also completes: approve and completed for the initiator', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'taskCompleted',
        actorId: 'cora',
        acted: { activityName: 'Director approval', actionType: 'Approve' },
        actedTaskId: 't2',
        finished: true,
      }),
    );
    expect(lines(plan)).toEqual({
      notices: ['uma approve Director approval t2', 'uma completed Director approval t2'],
      mails: ['approve → uma (Director approval, t2)', 'completed → uma (Director approval, t2)'],
    });
  });

  it('an initiator approving their own last step hears nothing at all (the approvals benchmark)', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'taskCompleted',
        actorId: 'ada',
        initiatorId: 'ada',
        acted: { activityName: 'Approve the order', actionType: 'Approve' },
        actedTaskId: 't1',
        finished: true,
      }),
    );
    expect(isEmptyPlan(plan)).toBe(true);
  });

  it('a rejection tells the initiator with the reason, pointing at the resubmit task (no separate assignment)', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'taskCompleted',
        actorId: 'fred',
        acted: { activityName: 'Manager approval', actionType: 'Reject' },
        actedTaskId: 't1',
        message: 'Too expensive',
        createdTasks: [task('r1', 'Initiator', ['uma'], INITIATOR_ACTIVITY_ID)],
      }),
    );
    expect(lines(plan)).toEqual({
      notices: ['uma rejected Manager approval r1'],
      mails: ['rejected → uma (Manager approval, r1)'],
    });
    expect(plan.notices[0]!.message).toBe('Too expensive');
  });

  it('a send-back goes to the people who get the task back', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'sendBack',
        actorId: 'cora',
        acted: { activityName: 'Director approval', actionType: 'SendBack' },
        actedTaskId: 't2',
        message: 'Check the amount',
        createdTasks: [task('t3', 'Manager approval', ['fred'])],
      }),
    );
    expect(lines(plan)).toEqual({
      notices: ['fred sendback Manager approval t3'],
      mails: ['sendback → fred (Manager approval, t3)'],
    });
    expect(plan.notices[0]!.message).toBe('Check the amount');
  });

  it('a send-back to the initiator reaches the initiator', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'sendBack',
        actorId: 'fred',
        acted: { activityName: 'Manager approval', actionType: 'SendBack' },
        createdTasks: [task('r1', 'Initiator', ['uma'], INITIATOR_ACTIVITY_ID)],
      }),
    );
    expect(lines(plan).notices).toEqual(['uma sendback Initiator r1']);
  });

  it('a restart tells the new assignees and the initiator, once each', () => {
    const restartedByAdmin = planTransitionNotices(
      summary({
        event: 'restart',
        actorId: 'ada',
        acted: { activityName: 'Start', actionType: 'Restart' },
        createdTasks: [task('t4', 'Manager approval', ['fred'])],
      }),
    );
    expect(lines(restartedByAdmin)).toEqual({
      notices: ['fred restart Manager approval t4', 'uma restart Manager approval -'],
      mails: ['restart → fred (Manager approval, t4)'],
    });
    const initiatorIsAssignee = planTransitionNotices(
      summary({
        event: 'restart',
        actorId: 'ada',
        createdTasks: [task('t4', 'Manager approval', ['fred']), task('t5', 'Check', ['uma'])],
      }),
    );
    expect(lines(initiatorIsAssignee).notices).toEqual([
      'fred restart Manager approval t4',
      'uma restart Check t5',
    ]);
  });

  it('jobs moving the workflow on assign tasks with nobody acting', () => {
    const plan = planTransitionNotices(
      summary({
        event: 'jobCompleted',
        actorId: null,
        acted: { activityName: 'Wait', actionType: 'Executed' },
        createdTasks: [task('t1', 'Check', ['fred'])],
      }),
    );
    expect(lines(plan).notices).toEqual(['fred assigned Check t1']);
  });

  it('a faulted transition announces no task (they were cancelled), a withdrawal nothing', () => {
    const faulted = planTransitionNotices(
      summary({ createdTasks: [task('t1', 'Check', ['fred'])], faulted: true }),
    );
    expect(isEmptyPlan(faulted)).toBe(true);
    const withdrawn = planTransitionNotices(
      summary({ event: 'withdraw', acted: { activityName: 'Initiator', actionType: 'Withdraw' } }),
    );
    expect(isEmptyPlan(withdrawn)).toBe(true);
  });
});

describe('reassignment and comment notices', () => {
  it('a reassigned task reaches its new assignee, not someone reassigning to themselves', () => {
    const plan = planReassignment({
      actorId: 'ada',
      assignee: 'cora',
      taskId: 't1',
      step: 'Check',
      message: 'Please',
    });
    expect(lines(plan)).toEqual({
      notices: ['cora reassign Check t1'],
      mails: ['reassign → cora (Check, t1)'],
    });
    expect(
      isEmptyPlan(
        planReassignment({ actorId: 'cora', assignee: 'cora', taskId: 't1', step: 'Check', message: null }),
      ),
    ).toBe(true);
  });

  it("a comment reaches the initiator, the creator and open tasks' assignees, never the commenter", () => {
    const plan = planComment({
      actorId: 'fred',
      initiatorId: 'uma',
      creatorId: 'ada',
      openTasks: [
        { taskId: 't1', userId: 'fred' },
        { taskId: 't1', userId: 'cora' },
        { taskId: 't2', userId: 'cora' },
      ],
      step: 'Manager approval',
      message: 'Looks fine',
    });
    expect(lines(plan)).toEqual({
      notices: [
        'cora comment Manager approval t1',
        'uma comment Manager approval -',
        'ada comment Manager approval -',
      ],
      mails: [],
    });
    expect(plan.notices.every((n) => n.message === 'Looks fine')).toBe(true);
  });
});

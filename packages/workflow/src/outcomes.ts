// The outcomes an activity can leave on: the labels of its outgoing connections. The engine
// follows them, validation checks connections against them and task buttons are made of them.
import { distinctStrings } from './json.ts';
import { OUTCOME, type WorkflowActivity } from './types.ts';

export function activityOutcomes(activity: WorkflowActivity): string[] {
  switch (activity.type) {
    case 'Start':
    case 'Join':
    case 'SendEmail':
    case 'SetField':
    case 'Timer':
      return [OUTCOME.done];
    case 'Approval':
      return [OUTCOME.approve, OUTCOME.reject];
    case 'UserTask': {
      // A UserTask's buttons are its outcomes; one without usable actions still needs a way out.
      const actions = distinctStrings(activity.properties.actions);
      return actions.length > 0 ? actions : [OUTCOME.done];
    }
    case 'Decision':
      return [OUTCOME.true, OUTCOME.false];
    case 'Fork':
      return distinctStrings(activity.properties.branches);
    case 'HttpRequest':
      return [OUTCOME.done, OUTCOME.unsupportedStatus];
    default:
      // End finishes its path; an unknown (imported) type has no outcomes we could honour.
      return [];
  }
}

/** The name shown for an activity in tasks, history and fault messages. */
export function activityLabel(activity: WorkflowActivity): string {
  return activity.displayName || activity.name || activity.activityId;
}

// Test helpers: tiny definition builders, a deterministic context and an Instance that feeds
// events through transition() with deep-frozen inputs and checks nothing it passed in changed.
import { expect } from 'vitest';
import {
  initialState,
  transition,
  type Approver,
  type HistoryEntry,
  type InstanceState,
  type PinnedDefinition,
  type TransitionContext,
  type WorkflowActivity,
  type WorkflowConnection,
  type WorkflowDefinition,
  type WorkflowEffect,
  type WorkflowEvent,
} from '../index.ts';

export const NOW = '2025-03-01T10:00:00.000Z';
export const ALICE: Approver[] = [{ approver_id: 'u-alice', type: 'user', name: 'Alice' }];
export const MANAGERS: Approver[] = [{ approver_id: 'r-managers', type: 'role' }];

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** An activity whose displayName is its id, so messages and history are easy to predict. */
export function act(
  type: string,
  activityId: string,
  properties: Record<string, unknown> = {},
): WorkflowActivity {
  return { activityId, type, name: type, displayName: activityId, properties };
}
export const approval = (id: string, extra: Record<string, unknown> = {}) =>
  act('Approval', id, { assignment: ALICE, allowSendBack: true, ...extra });
export const userTask = (id: string, actions: string[], extra: Record<string, unknown> = {}) =>
  act('UserTask', id, { assignment: MANAGERS, actions, ...extra });

/** `c('a>b')` or `c('a>b', 'Approve')`. */
export function c(path: string, outcome = 'Done'): WorkflowConnection {
  const [sourceActivityId = '', targetActivityId = ''] = path.split('>');
  return { sourceActivityId, targetActivityId, outcome };
}

export function def(activities: WorkflowActivity[], connections: WorkflowConnection[]): WorkflowDefinition {
  return { activities, connections };
}

/** Conditions answer from a table; an Error in the table is thrown, as the formula evaluator would. */
export function context(conditions: Record<string, boolean | Error> = {}, now = NOW): TransitionContext {
  return {
    now,
    evaluateCondition: (condition) => {
      const answer = conditions[condition];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new Error(`No answer for condition '${condition}'`);
      return answer;
    },
  };
}

export const history = (effects: WorkflowEffect[]): HistoryEntry[] =>
  effects.flatMap((effect) => (effect.type === 'history' ? [effect.entry] : []));

/** A compact picture of effects: 'history:Approve:a1', 'createTask:a2', 'cancelTasks:all', ... */
export function summary(effects: WorkflowEffect[]): string[] {
  return effects.map((effect) => {
    switch (effect.type) {
      case 'history':
        return `history:${effect.entry.actionType}:${effect.entry.activityId}`;
      case 'createTask':
      case 'scheduleJob':
        return `${effect.type}:${effect.activityId}`;
      case 'cancelTasks':
      case 'cancelJobs':
        return `${effect.type}:${effect.activityIds === 'all' ? 'all' : effect.activityIds.join(',')}`;
    }
  });
}

/** One workflow instance driven event by event, asserting purity on every step. */
export class Instance {
  readonly pinned: PinnedDefinition;
  state: InstanceState;
  context: TransitionContext;
  effects: WorkflowEffect[] = [];

  constructor(definition: WorkflowDefinition, version = 1, ctx: TransitionContext = context()) {
    this.pinned = deepFreeze({ version, definition: structuredClone(definition) });
    this.state = initialState(version);
    this.context = ctx;
  }

  send(event: WorkflowEvent, ctx: TransitionContext = this.context): WorkflowEffect[] {
    const state = deepFreeze(structuredClone(this.state));
    const before = JSON.stringify({ pinned: this.pinned, state, event });
    const result = transition(this.pinned, state, deepFreeze(event), ctx);
    expect(JSON.stringify({ pinned: this.pinned, state, event })).toBe(before);
    // The new state is plain JSON the server can store as it is.
    expect(JSON.parse(JSON.stringify(result.state))).toEqual(result.state);
    this.state = result.state;
    this.effects = result.effects;
    return result.effects;
  }

  /** The code of the WorkflowActionError the event is refused with. */
  refuse(event: WorkflowEvent, ctx: TransitionContext = this.context): string {
    const state = deepFreeze(structuredClone(this.state));
    try {
      transition(this.pinned, state, deepFreeze(event), ctx);
    } catch (error) {
      expect((error as Error).name).toBe('WorkflowActionError');
      return (error as { code: string }).code;
    }
    throw new Error(`Expected ${event.type} to be refused`);
  }

  blockingIds(): string[] {
    return this.state.blocking.map((item) => `${item.kind}:${item.activityId}`);
  }
}

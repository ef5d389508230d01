// Positions for activities that have none (Elsa definitions before 2.10 store no x/y). Layers run
// left to right: an activity's layer is the longest path to it from the activities without
// incoming connections, ignoring the connections that close a loop (else a loop would push its
// members right forever). Within a layer activities stack top to bottom in the order a
// breadth-first walk from those roots meets them. Existing positions are kept as they are.
import type { WorkflowDefinition } from './types.ts';

export const LAYER_SPACING = 260;
export const SIBLING_SPACING = 120;

/** Connections without duplicates and self-loops, as target lists per source, in definition order. */
function successors(definition: WorkflowDefinition, ids: ReadonlySet<string>): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const id of ids) next.set(id, []);
  for (const { sourceActivityId: source, targetActivityId: target } of definition.connections) {
    const list = next.get(source);
    if (list && ids.has(target) && source !== target && !list.includes(target)) list.push(target);
  }
  return next;
}

/** Connections that lead back to an activity still on the depth-first path: the ones closing loops. */
function loopEdges(order: string[], next: ReadonlyMap<string, string[]>): Set<string> {
  const back = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  for (const root of order) {
    if (state.has(root)) continue;
    // Iterative depth-first search: definitions may be long chains.
    const stack: { id: string; child: number }[] = [{ id: root, child: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: string; child: number };
      const target = next.get(frame.id)?.[frame.child];
      frame.child += 1;
      if (target === undefined) {
        state.set(frame.id, 'done');
        stack.pop();
      } else if (state.get(target) === 'open') {
        back.add(`${frame.id}\u0000${target}`);
      } else if (!state.has(target)) {
        state.set(target, 'open');
        stack.push({ id: target, child: 0 });
      }
    }
  }
  return back;
}

export function autoLayout(definition: WorkflowDefinition): WorkflowDefinition {
  if (definition.activities.every((activity) => activity.position !== undefined)) {
    return { activities: [...definition.activities], connections: [...definition.connections] };
  }
  const ids = new Set(definition.activities.map((activity) => activity.activityId));
  const next = successors(definition, ids);
  const hasIncoming = new Set([...next.values()].flat());
  const roots = [...ids].filter((id) => !hasIncoming.has(id));
  // Roots first, then the rest in definition order: a loop nobody enters still gets laid out.
  const order = [...roots, ...[...ids].filter((id) => hasIncoming.has(id))];
  const back = loopEdges(order, next);

  // Longest path over the loop-free graph, in topological order (Kahn).
  const depth = new Map<string, number>([...ids].map((id) => [id, 0]));
  const pending = new Map<string, number>([...ids].map((id) => [id, 0]));
  for (const [source, targets] of next) {
    for (const target of targets) {
      if (!back.has(`${source}\u0000${target}`)) pending.set(target, (pending.get(target) ?? 0) + 1);
    }
  }
  const ready = [...ids].filter((id) => pending.get(id) === 0);
  for (let i = 0; i < ready.length; i += 1) {
    const source = ready[i] as string;
    for (const target of next.get(source) ?? []) {
      if (back.has(`${source}\u0000${target}`)) continue;
      depth.set(target, Math.max(depth.get(target) ?? 0, (depth.get(source) ?? 0) + 1));
      const left = (pending.get(target) ?? 1) - 1;
      pending.set(target, left);
      if (left === 0) ready.push(target);
    }
  }

  // Breadth-first order from the roots decides who sits above whom within a layer.
  const visitOrder: string[] = [];
  const seen = new Set<string>();
  for (const start of order) {
    if (seen.has(start)) continue;
    seen.add(start);
    visitOrder.push(start);
    for (let i = visitOrder.length - 1; i < visitOrder.length; i += 1) {
      for (const target of next.get(visitOrder[i] as string) ?? []) {
        if (!seen.has(target)) {
          seen.add(target);
          visitOrder.push(target);
        }
      }
    }
  }
  const slot = new Map<string, number>();
  const used = new Map<number, number>();
  for (const id of visitOrder) {
    const layer = depth.get(id) ?? 0;
    slot.set(id, used.get(layer) ?? 0);
    used.set(layer, (used.get(layer) ?? 0) + 1);
  }

  return {
    activities: definition.activities.map((activity) =>
      activity.position !== undefined
        ? activity
        : {
            ...activity,
            position: {
              x: (depth.get(activity.activityId) ?? 0) * LAYER_SPACING,
              y: (slot.get(activity.activityId) ?? 0) * SIBLING_SPACING,
            },
          },
    ),
    connections: [...definition.connections],
  };
}

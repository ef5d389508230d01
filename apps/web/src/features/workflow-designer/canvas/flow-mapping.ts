// The definition as React Flow nodes and edges. React Flow keeps per-node state of its own (measured
// size, selection, an ongoing drag), so new nodes are merged into the previous ones instead of
// replacing them; the definition stays the one source of what exists and where.
import {
  activityOutcomes,
  type WorkflowActivity,
  type WorkflowConnection,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import { isKnownKind } from '../model/labels.ts';
import { NODE_HEIGHT, NODE_WIDTH } from '../model/placement.ts';

export interface ActivityNodeData extends Record<string, unknown> {
  activity: WorkflowActivity;
  outcomes: string[];
  /** No approver of this task activity is left (spec §5 'Assignee for {name} is no longer available'). */
  unavailable: boolean;
  /** How many validation issues name this activity. */
  issueCount: number;
}
export type ActivityNode = Node<ActivityNodeData>;

export interface ConnectionEdgeData extends Record<string, unknown> {
  connection: WorkflowConnection;
}
export type ConnectionEdge = Edge<ConnectionEdgeData>;

/** The node component a kind is drawn with; imported kinds we do not support share one. */
export const nodeTypeOf = (type: string): string => (isKnownKind(type) ? type : 'Unknown');

export interface NodeDecorations {
  unavailable: ReadonlySet<string>;
  issueCounts: ReadonlyMap<string, number>;
}

export function toNodes(
  definition: WorkflowDefinition,
  decorations: NodeDecorations,
  previous: readonly ActivityNode[],
): ActivityNode[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const nodes: ActivityNode[] = [];
  definition.activities.forEach((activity, index) => {
    // A duplicated id (possible in an imported file) is a validation issue; it is drawn once.
    if (seen.has(activity.activityId)) return;
    seen.add(activity.activityId);
    const old = before.get(activity.activityId);
    const data: ActivityNodeData = {
      activity,
      outcomes: activityOutcomes(activity),
      unavailable: decorations.unavailable.has(activity.activityId),
      issueCount: decorations.issueCounts.get(activity.activityId) ?? 0,
    };
    nodes.push({
      ...old,
      id: activity.activityId,
      type: nodeTypeOf(activity.type),
      // While a node is dragged React Flow owns its position; the definition learns it on drop.
      position: old?.dragging ? old.position : (activity.position ?? { x: index * 40, y: index * 40 }),
      data,
      initialWidth: NODE_WIDTH,
      initialHeight: NODE_HEIGHT,
    });
  });
  return nodes;
}

/** A key for a connection that cannot be confused with another (ids and outcomes may hold any text). */
export const connectionKey = (connection: WorkflowConnection): string =>
  JSON.stringify([connection.sourceActivityId, connection.outcome, connection.targetActivityId]);

export function toEdges(
  definition: WorkflowDefinition,
  selected: ReadonlySet<string>,
  label: (outcome: string) => string,
): ConnectionEdge[] {
  const seen = new Set<string>();
  return definition.connections.flatMap((connection) => {
    const id = connectionKey(connection);
    if (seen.has(id)) return [];
    seen.add(id);
    return [
      {
        id,
        source: connection.sourceActivityId,
        target: connection.targetActivityId,
        sourceHandle: connection.outcome,
        label: label(connection.outcome),
        selected: selected.has(id),
        markerEnd: { type: MarkerType.ArrowClosed },
        data: { connection },
      },
    ];
  });
}

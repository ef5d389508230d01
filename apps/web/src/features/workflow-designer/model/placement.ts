// Where a new activity goes when it is added by click or keyboard (no drop point): the first grid
// slot, row by row, that no existing activity covers. Pure, so tests can check it without a canvas.
import type { Position, WorkflowDefinition } from '@formloop/workflow';

/** The size a node is drawn at (activity-node.tsx keeps to it) plus room for outcome labels. */
export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 96;
const GAP_X = 60;
const GAP_Y = 70;
const COLUMNS = 4;

const overlaps = (a: Position, b: Position) =>
  Math.abs(a.x - b.x) < NODE_WIDTH + GAP_X / 2 && Math.abs(a.y - b.y) < NODE_HEIGHT + GAP_Y / 2;

/** A spot for one more activity that does not cover any placed one. */
export function freeSpot(definition: WorkflowDefinition): Position {
  const taken = definition.activities.flatMap((activity) => (activity.position ? [activity.position] : []));
  for (let slot = 0; ; slot += 1) {
    const candidate = {
      x: (slot % COLUMNS) * (NODE_WIDTH + GAP_X),
      y: Math.floor(slot / COLUMNS) * (NODE_HEIGHT + GAP_Y),
    };
    if (!taken.some((position) => overlaps(position, candidate))) return candidate;
  }
}

/** Whole pixels: positions are saved (Elsa stores integer x/y) and diffs stay quiet. */
export const roundPosition = (position: Position): Position => ({
  x: Math.round(position.x),
  y: Math.round(position.y),
});

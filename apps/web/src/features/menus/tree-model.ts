import { MENU_MAX_DEPTH, type MenuPlacement, type MenuTreeNode } from '@formloop/contracts';

// Pure moves on the menu tree for /settings/menu: drag and drop and the keyboard buttons both end up
// here, and the same rules as the server's apply (parents are groups, nothing inside itself, at most
// MENU_MAX_DEPTH levels), so a move the server would refuse is never offered.

export type MenuTree = MenuTreeNode[];

export interface Located {
  node: MenuTreeNode;
  parent: MenuTreeNode | null;
  siblings: MenuTreeNode[];
  index: number;
  /** 1 for a top-level entry. */
  depth: number;
}

export function locate(tree: MenuTree, id: string): Located | null {
  const walk = (siblings: MenuTree, parent: MenuTreeNode | null, depth: number): Located | null => {
    for (const [index, node] of siblings.entries()) {
      if (node.id === id) return { node, parent, siblings, index, depth };
      const found = walk(node.children, node, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, null, 1);
}

/** Levels a node occupies with everything below it (1 for an entry without children). */
export const heightOf = (node: MenuTreeNode): number =>
  1 + node.children.reduce((top, child) => Math.max(top, heightOf(child)), 0);

const contains = (node: MenuTreeNode, id: string): boolean =>
  node.id === id || node.children.some((child) => contains(child, id));

/** Renumbers parent_id and order_index from the positions in the tree. */
function renumber(tree: MenuTree, parentId: string | null = null): MenuTree {
  return tree.map((node, index) => ({
    ...node,
    parent_id: parentId,
    order_index: index,
    children: renumber(node.children, node.id),
  }));
}

/** The tree without one entry (and everything below it). */
export function removeNode(tree: MenuTree, id: string): MenuTree {
  return tree
    .filter((node) => node.id !== id)
    .map((node) => ({ ...node, children: removeNode(node.children, id) }));
}

function insertAt(tree: MenuTree, parentId: string | null, index: number, moved: MenuTreeNode): MenuTree {
  if (parentId === null) {
    const next = [...tree];
    next.splice(Math.max(0, Math.min(index, next.length)), 0, moved);
    return next;
  }
  return tree.map((node) =>
    node.id === parentId
      ? { ...node, children: insertAt(node.children, null, index, moved) }
      : { ...node, children: insertAt(node.children, parentId, index, moved) },
  );
}

/** Whether `id` may go inside `parentId` (null: the top level). */
export function canPlace(tree: MenuTree, id: string, parentId: string | null): boolean {
  const moving = locate(tree, id);
  if (!moving) return false;
  if (parentId === null) return heightOf(moving.node) <= MENU_MAX_DEPTH;
  const parent = locate(tree, parentId);
  if (!parent || !parent.node.is_group || contains(moving.node, parentId)) return false;
  return parent.depth + heightOf(moving.node) <= MENU_MAX_DEPTH;
}

/**
 * Moves an entry into `parentId` at `index` of its new siblings (counted without the entry itself).
 * Null when the move is not allowed.
 */
export function moveNode(
  tree: MenuTree,
  id: string,
  parentId: string | null,
  index: number,
): MenuTree | null {
  const moving = locate(tree, id);
  if (!moving || !canPlace(tree, id, parentId)) return null;
  return renumber(insertAt(removeNode(tree, id), parentId, index, moving.node));
}

export type DropPlace = 'before' | 'after' | 'inside';

/** A drag and drop: before or after `targetId`, or inside it as its first entry. */
export function dropNode(tree: MenuTree, id: string, targetId: string, place: DropPlace): MenuTree | null {
  if (id === targetId) return null;
  if (place === 'inside') return moveNode(tree, id, targetId, 0);
  const target = locate(removeNode(tree, id), targetId);
  if (!target) return null;
  const index = target.index + (place === 'after' ? 1 : 0);
  return moveNode(tree, id, target.parent?.id ?? null, index);
}

export const moveUp = (tree: MenuTree, id: string): MenuTree | null => {
  const at = locate(tree, id);
  return at && at.index > 0 ? moveNode(tree, id, at.parent?.id ?? null, at.index - 1) : null;
};

export const moveDown = (tree: MenuTree, id: string): MenuTree | null => {
  const at = locate(tree, id);
  return at && at.index < at.siblings.length - 1
    ? moveNode(tree, id, at.parent?.id ?? null, at.index + 1)
    : null;
};

/** Into the group just above, as its last entry. */
export const indent = (tree: MenuTree, id: string): MenuTree | null => {
  const at = locate(tree, id);
  const above = at && at.index > 0 ? at.siblings[at.index - 1] : undefined;
  return above?.is_group ? moveNode(tree, id, above.id, above.children.length) : null;
};

/** Out of its group, right after it. */
export const outdent = (tree: MenuTree, id: string): MenuTree | null => {
  const at = locate(tree, id);
  if (!at?.parent) return null;
  const parent = locate(tree, at.parent.id)!;
  return moveNode(tree, id, parent.parent?.id ?? null, parent.index + 1);
};

/** The arrangement as PUT order wants it: every entry with its parent and its place. */
export function placementsOf(tree: MenuTree, parentId: string | null = null): MenuPlacement[] {
  return tree.flatMap((node, index) => [
    { id: node.id, parent_id: parentId, order_index: index },
    ...placementsOf(node.children, node.id),
  ]);
}

export function sameArrangement(a: MenuTree, b: MenuTree): boolean {
  const key = (tree: MenuTree) =>
    placementsOf(tree)
      .map((item) => `${item.id}:${item.parent_id ?? ''}:${item.order_index}`)
      .join('|');
  return key(a) === key(b);
}

/** How many entries sit below a node. */
export const countBelow = (node: MenuTreeNode): number =>
  node.children.reduce((sum, child) => sum + 1 + countBelow(child), 0);

export interface GroupOption {
  id: string;
  name: string;
  depth: number;
}

/**
 * The groups an entry may be put in: for a new entry (`movingId` undefined) every group with room
 * below it; for an existing one, those that are not inside it and keep it within MENU_MAX_DEPTH.
 */
export function groupOptions(tree: MenuTree, movingId?: string): GroupOption[] {
  const out: GroupOption[] = [];
  const walk = (nodes: MenuTree, depth: number) => {
    for (const node of nodes) {
      if (!node.is_group) continue;
      const fits =
        movingId === undefined
          ? depth < MENU_MAX_DEPTH
          : node.id !== movingId && canPlace(tree, movingId, node.id);
      if (fits) out.push({ id: node.id, name: node.menu_name, depth });
      if (node.id !== movingId) walk(node.children, depth + 1);
    }
  };
  walk(tree, 1);
  return out;
}

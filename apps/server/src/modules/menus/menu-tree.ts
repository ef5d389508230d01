import {
  MENU_MAX_DEPTH,
  MENU_MESSAGES,
  type AppMenuEntry,
  type MenuItem,
  type MenuMessageKey,
  type MenuPlacement,
  type MenuTreeNode,
} from '@formloop/contracts';
import { menuVisible, seesEveryMenu, type UserFlags } from '@formloop/domain';

// Pure rules of the stored menu tree: building it from rows, who sees what, and whether an
// arrangement is sound. No I/O, so the service and the session token share one definition.

export interface MenuView {
  id: string;
  parentId: string | null;
  menuName: string;
  actionUrl: string;
  iconClass: string;
  description: string;
  isGroup: boolean;
  showOnSeed: boolean;
  orderIndex: number;
}

export const toMenuItem = (row: MenuView): MenuItem => ({
  id: row.id,
  parent_id: row.parentId,
  menu_name: row.menuName,
  action_url: row.actionUrl,
  icon_class: row.iconClass,
  description: row.description,
  is_group: row.isGroup,
  show_on_seed: row.showOnSeed,
  order_index: row.orderIndex,
});

const bySiblingOrder = (a: MenuView, b: MenuView) =>
  a.orderIndex - b.orderIndex ||
  a.menuName.toLowerCase().localeCompare(b.menuName.toLowerCase()) ||
  a.id.localeCompare(b.id);

/** Rows → children by parent id (null for the top level), each list in display order. */
export function childrenByParent(rows: readonly MenuView[]): Map<string | null, MenuView[]> {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, MenuView[]>();
  for (const row of rows) {
    // An entry whose parent is not there (never expected: the foreign key cascades) shows at the top.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(row);
    byParent.set(parent, list);
  }
  for (const list of byParent.values()) list.sort(bySiblingOrder);
  return byParent;
}

/** The whole stored tree as spec §3 menu tree nodes (plus the stored fields). */
export function buildMenuTree(rows: readonly MenuView[]): MenuTreeNode[] {
  const byParent = childrenByParent(rows);
  const walk = (parent: string | null, seen: Set<string>): MenuTreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => ({
        ...toMenuItem(row),
        text: row.menuName,
        type: row.isGroup ? ('group' as const) : ('Module' as const),
        icon: row.iconClass || null,
        children: walk(row.id, new Set([...seen, row.id])),
      }));
  return walk(null, new Set());
}

/**
 * The stored entries a user sees, as application menu list entries (spec §3). Settings roles see
 * everything (an empty group shows disabled, since it leads nowhere). Everybody else sees links with
 * show_on_seed or a 'view' grant on menu:{id}, and a group only when something below it is shown:
 * a granted link inside an ungranted group must stay reachable, and an empty group is noise.
 */
export function visibleAppMenu(
  rows: readonly MenuView[],
  flags: UserFlags,
  granted: ReadonlySet<string>,
): AppMenuEntry[] {
  const byParent = childrenByParent(rows);
  const everything = seesEveryMenu(flags);
  const walk = (parent: string | null, seen: Set<string>): AppMenuEntry[] =>
    (byParent.get(parent) ?? []).flatMap((row): AppMenuEntry[] => {
      if (seen.has(row.id)) return [];
      const icon = row.iconClass || null;
      if (!row.isGroup) {
        if (!menuVisible({ id: row.id, showOnSeed: row.showOnSeed }, flags, granted)) return [];
        return [{ id: row.id, title: row.menuName, href: row.actionUrl, icon, items: [], disabled: false }];
      }
      const items = walk(row.id, new Set([...seen, row.id]));
      if (items.length === 0 && !everything) return [];
      return [{ id: row.id, title: row.menuName, href: '', icon, items, disabled: items.length === 0 }];
    });
  return walk(null, new Set());
}

/** The current arrangement, for audit rows and for checking a single move. */
export const placementsOf = (rows: readonly MenuView[]): MenuPlacement[] =>
  rows.map((row) => ({ id: row.id, parent_id: row.parentId, order_index: row.orderIndex }));

export type ArrangementProblem = { status: 400 | 404; key: MenuMessageKey };

/**
 * Checks a complete arrangement against the stored menus: every menu exactly once (an id that is not
 * one of the tenant's is a 404, a missing one a 400), parents are groups, no entry sits inside itself,
 * and nothing is deeper than MENU_MAX_DEPTH. Returns the first problem, or null.
 */
export function arrangementProblem(
  rows: readonly MenuView[],
  placements: readonly MenuPlacement[],
): ArrangementProblem | null {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parentOf = new Map<string, string | null>();
  for (const item of placements) {
    if (!byId.has(item.id)) return { status: 404, key: 'notFound' };
    if (parentOf.has(item.id)) return { status: 400, key: 'orderDuplicate' };
    parentOf.set(item.id, item.parent_id);
  }
  for (const item of placements) {
    if (item.parent_id !== null && !byId.has(item.parent_id)) return { status: 404, key: 'parentNotFound' };
  }
  if (parentOf.size !== rows.length) return { status: 400, key: 'orderIncomplete' };
  for (const item of placements) {
    if (item.parent_id === null) continue;
    if (item.parent_id === item.id) return { status: 400, key: 'cycle' };
    if (!byId.get(item.parent_id)!.isGroup) return { status: 400, key: 'parentNotGroup' };
  }
  for (const item of placements) {
    let depth = 1;
    const seen = new Set([item.id]);
    for (let parent = parentOf.get(item.id) ?? null; parent !== null; parent = parentOf.get(parent) ?? null) {
      if (seen.has(parent)) return { status: 400, key: 'cycle' };
      seen.add(parent);
      depth += 1;
    }
    if (depth > MENU_MAX_DEPTH) return { status: 400, key: 'tooDeep' };
  }
  return null;
}

/**
 * Siblings numbered 0..n-1 in the order the placements give (ties keep the request's order), so
 * stored order_index values stay dense whatever numbers a client sent.
 */
export function normalisePlacements(placements: readonly MenuPlacement[]): MenuPlacement[] {
  const groups = new Map<string | null, Array<{ item: MenuPlacement; position: number }>>();
  placements.forEach((item, position) => {
    const list = groups.get(item.parent_id) ?? [];
    list.push({ item, position });
    groups.set(item.parent_id, list);
  });
  const next = new Map<string, MenuPlacement>();
  for (const list of groups.values()) {
    list.sort((a, b) => a.item.order_index - b.item.order_index || a.position - b.position);
    list.forEach(({ item }, index) => next.set(item.id, { ...item, order_index: index }));
  }
  return placements.map((item) => next.get(item.id)!);
}

export const messageOf = (problem: ArrangementProblem): string => MENU_MESSAGES[problem.key];

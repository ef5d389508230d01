import { ROLE_MESSAGES, type CatalogueRow, type FieldError, type Grant } from '@formloop/contracts';
import {
  ACTIONS_BY_RESOURCE_KIND,
  appResource,
  isActionOf,
  menuResource,
  parseResource,
} from '@formloop/domain';
import type { AppNode, GrantRow, MenuNode } from './role.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// The rows of the permission matrix and the check of a submitted matrix. Pure: the service feeds
// them what the database holds.

// Lower case only: the canonical form PostgreSQL prints, so a resource string names one id exactly.
const isCanonicalUuid = (value: string): boolean => value === value.toLowerCase() && isUuid(value);

const bySiblingOrder = (a: MenuNode, b: MenuNode) =>
  a.orderIndex - b.orderIndex ||
  a.menuName.toLowerCase().localeCompare(b.menuName.toLowerCase()) ||
  a.id.localeCompare(b.id);

/**
 * The stored menus as matrix rows in the order /settings/menu shows them: depth first, siblings by
 * order_index. An entry whose parent is missing is shown at the top level rather than lost, and a
 * cycle (which the schema cannot forbid) is cut where it closes.
 */
export function menuCatalogue(nodes: readonly MenuNode[]): CatalogueRow[] {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<string | null, MenuNode[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort(bySiblingOrder);

  const rows: CatalogueRow[] = [];
  const placed = new Set<string>();
  const visit = (node: MenuNode, parent: string | null, depth: number) => {
    if (placed.has(node.id)) return;
    placed.add(node.id);
    rows.push({
      resource: menuResource(node.id),
      kind: 'menu',
      id: node.id,
      label: node.menuName,
      parent: parent === null ? null : menuResource(parent),
      depth,
      is_group: node.isGroup,
      actions: [...ACTIONS_BY_RESOURCE_KIND.menu],
    });
    for (const child of children.get(node.id) ?? []) visit(child, node.id, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, null, 0);
  // Entries only reachable through a cycle: still listed, so their grants can be managed.
  for (const node of [...nodes].sort(bySiblingOrder)) visit(node, null, 0);
  return rows;
}

/** The tenant's apps as matrix rows, after the menus, by name: view, create, edit and delete each. */
export function appCatalogue(apps: readonly AppNode[]): CatalogueRow[] {
  return [...apps]
    .sort(
      (a, b) =>
        a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase()) || a.id.localeCompare(b.id),
    )
    .map((app) => ({
      resource: appResource(app.id),
      kind: 'app',
      id: app.id,
      label: app.displayName,
      parent: null,
      depth: 0,
      is_group: false,
      actions: [...ACTIONS_BY_RESOURCE_KIND.app],
    }));
}

export interface GrantCheck {
  /** The entries that are malformed or not allowed, as grants.<index>. */
  errors: FieldError[];
  /** The well-formed entries, duplicates collapsed, sorted. */
  grants: GrantRow[];
  /** Where each well-formed entry's menu id sits, for the caller to look up in the tenant. */
  menuEntries: Array<{ index: number; id: string }>;
  /** Likewise for app ids. */
  appEntries: Array<{ index: number; id: string }>;
}

/**
 * Shapes a submitted matrix: every entry a known kind with an action it offers, duplicates
 * collapsed. Menu and app ids still have to be found in the tenant (menuEntries, appEntries; see
 * matrixErrors), so that one answer can name every bad entry.
 */
export function checkGrants(submitted: readonly Grant[]): GrantCheck {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const grants: GrantRow[] = [];
  const menuEntries: GrantCheck['menuEntries'] = [];
  const appEntries: GrantCheck['appEntries'] = [];
  submitted.forEach(({ resource, action }, index) => {
    const field = `grants.${index}`;
    const parsed = parseResource(resource);
    if (!parsed) return void errors.push({ field, message: ROLE_MESSAGES.unknownResource });
    if (!isActionOf(resource, action)) {
      return void errors.push({ field, message: ROLE_MESSAGES.actionNotAllowed });
    }
    if (!isCanonicalUuid(parsed.id))
      return void errors.push({ field, message: ROLE_MESSAGES.unknownResource });
    (parsed.kind === 'app' ? appEntries : menuEntries).push({ index, id: parsed.id });
    const key = `${resource}\n${action}`;
    if (seen.has(key)) return;
    seen.add(key);
    grants.push({ resource, action });
  });
  return { errors, grants: sortGrants(grants), menuEntries, appEntries };
}

/** Every problem of a submitted matrix once its menu and app ids were looked up, in entry order. */
export function matrixErrors(
  check: GrantCheck,
  found: { menus: ReadonlySet<string>; apps: ReadonlySet<string> },
): FieldError[] {
  const unknown = [
    ...check.menuEntries.filter((entry) => !found.menus.has(entry.id)),
    ...check.appEntries.filter((entry) => !found.apps.has(entry.id)),
  ].map((entry) => ({ field: `grants.${entry.index}`, message: ROLE_MESSAGES.unknownResource }));
  const indexOf = (error: FieldError) => Number(error.field.slice('grants.'.length));
  return [...check.errors, ...unknown].sort((a, b) => indexOf(a) - indexOf(b));
}

export const sortGrants = (grants: readonly GrantRow[]): GrantRow[] =>
  [...grants].sort((a, b) =>
    a.resource === b.resource
      ? a.action < b.action
        ? -1
        : a.action > b.action
          ? 1
          : 0
      : a.resource < b.resource
        ? -1
        : 1,
  );

/** The grants as sorted `resource:action` strings: what the audit trail diffs, one line per cell. */
export const grantLines = (grants: readonly GrantRow[]): string[] =>
  grants.map((grant) => `${grant.resource}:${grant.action}`).sort();

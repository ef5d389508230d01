// The published apps in the sidebar's application tree (spec §2: "a tree of application menus with
// nested groups"; sidebar links open /module/{id}?from=sidebar). An app appears under its group (App
// group, the Create App dialog's 'Group'), once: an app a stored menu already links to is not repeated.
import type { AppMenuEntry, AppSummary } from '@formloop/contracts';

const MODULE_LINK = /^\/module\/([^/?#]+)/;

function linkedModules(entries: readonly AppMenuEntry[], into = new Set<string>()): Set<string> {
  for (const entry of entries) {
    const match = MODULE_LINK.exec(entry.href);
    if (match?.[1]) into.add(decodeURIComponent(match[1]));
    linkedModules(entry.items, into);
  }
  return into;
}

/** The sidebar key of an app's entry; the records page declares the same key, so it lights up. */
export const sidebarAppKey = (moduleId: string) => `app:${moduleId}`;

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

/**
 * The stored tree followed by one group per App group holding its published apps (by name; the
 * apps without a group last, under `otherTitle`).
 */
export function withPublishedApps(
  tree: readonly AppMenuEntry[],
  apps: readonly AppSummary[],
  otherTitle: string,
): AppMenuEntry[] {
  const linked = linkedModules(tree);
  const groups = new Map<string, AppMenuEntry>();
  for (const app of apps) {
    if (app.status !== 'Published' || linked.has(app.id)) continue;
    const groupId = app.application_module_category_id ?? '';
    let group = groups.get(groupId);
    if (!group) {
      group = {
        id: `app-group:${groupId || 'other'}`,
        title: groupId ? (app.category_name ?? otherTitle) : otherTitle,
        href: '',
        icon: (groupId && app.category_icon) || 'folder',
        disabled: false,
        items: [],
      };
      groups.set(groupId, group);
    }
    group.items.push({
      id: sidebarAppKey(app.id),
      title: app.display_name,
      href: `/module/${encodeURIComponent(app.id)}`,
      icon: app.app_icon || 'appstore',
      disabled: false,
      items: [],
    });
  }
  const ordered = [...groups.entries()]
    .sort(([a, left], [b, right]) => (a === '' ? 1 : b === '' ? -1 : byTitle(left, right)))
    .map(([, group]) => ({ ...group, items: [...group.items].sort(byTitle) }));
  return [...tree, ...ordered];
}

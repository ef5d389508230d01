import type { AppSummary, ModuleCategory } from '@formloop/contracts';

/** One heading of the All apps section: a group (null id: apps without one, shown as 'Other'). */
export interface AppGroupSection {
  id: string | null;
  name: string | null;
  icon: string | null;
  apps: AppSummary[];
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * Apps under their groups, in the groups' own order (the order set on /module-categories), apps by
 * name within each; groups without apps are left out. Apps whose group is missing from `groups`
 * (the groups failed to load, say) get a heading of their own group name, after the ordered ones;
 * apps without a group come last.
 */
export function groupApps(apps: readonly AppSummary[], groups: readonly ModuleCategory[]): AppGroupSection[] {
  const sorted = [...apps].sort((a, b) => byName(a.display_name, b.display_name));
  const ordered = [...groups].sort((a, b) => a.order_index - b.order_index);
  const known = new Set(ordered.map((group) => group.id));
  const sections: AppGroupSection[] = ordered.map((group) => ({
    id: group.id,
    name: group.category_name,
    icon: group.category_icon,
    apps: sorted.filter((app) => app.application_module_category_id === group.id),
  }));
  const stray = new Map<string, AppGroupSection>();
  for (const app of sorted) {
    const id = app.application_module_category_id;
    if (!id || known.has(id)) continue;
    const section = stray.get(id) ?? {
      id,
      name: app.category_name ?? null,
      icon: app.category_icon,
      apps: [],
    };
    section.apps.push(app);
    stray.set(id, section);
  }
  const others = sorted.filter((app) => !app.application_module_category_id);
  return [
    ...sections,
    ...[...stray.values()].sort((a, b) => byName(a.name ?? '', b.name ?? '')),
    { id: null, name: null, icon: null, apps: others },
  ].filter((section) => section.apps.length > 0);
}

/** Whether an app matches a search text (its name or description, ignoring case). */
export function matchesSearch(
  app: { display_name: string; module_description?: string | null },
  search: string,
): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (
    app.display_name.toLocaleLowerCase().includes(needle) ||
    (app.module_description ?? '').toLocaleLowerCase().includes(needle)
  );
}

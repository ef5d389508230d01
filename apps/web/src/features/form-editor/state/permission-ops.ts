import type { ActivityPermission } from '@formloop/domain';

type RuleList = 'fields' | 'fieldGroups';

const dropEmpty = (permission: ActivityPermission[]) =>
  permission.filter((entry) => entry.fields.length > 0 || entry.fieldGroups.length > 0);

/** Rules follow a field or group that changes its machine name. */
export function renameRules(
  permission: ActivityPermission[],
  list: RuleList,
  from: string,
  to: string,
): ActivityPermission[] {
  if (from === to || !permission.some((entry) => entry[list].some((rule) => rule.name === from))) {
    return permission;
  }
  return permission.map((entry) => ({
    ...entry,
    [list]: entry[list].map((rule) => (rule.name === from ? { ...rule, name: to } : rule)),
  }));
}

/** A deleted field or group takes its rules with it. */
export function dropRules(
  permission: ActivityPermission[],
  list: RuleList,
  names: ReadonlySet<string>,
): ActivityPermission[] {
  if (!permission.some((entry) => entry[list].some((rule) => names.has(rule.name)))) return permission;
  return dropEmpty(
    permission.map((entry) => ({ ...entry, [list]: entry[list].filter((rule) => !names.has(rule.name)) })),
  );
}

/** A duplicated field starts with the rules of its original. */
export function copyRules(permission: ActivityPermission[], from: string, to: string): ActivityPermission[] {
  return permission.map((entry) => {
    const rule = entry.fields.find((candidate) => candidate.name === from);
    return rule ? { ...entry, fields: [...entry.fields, { ...rule, name: to }] } : entry;
  });
}

/** Rules of workflow activities that no longer exist go with them. */
export function dropActivities(
  permission: ActivityPermission[],
  ids: ReadonlySet<string>,
): ActivityPermission[] {
  return permission.some((entry) => ids.has(entry.activityId))
    ? permission.filter((entry) => !ids.has(entry.activityId))
    : permission;
}

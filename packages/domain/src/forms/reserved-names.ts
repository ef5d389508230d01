// Names a builder may not use. Field names are record keys next to the system columns (spec §3
// record list columns and default system fields), so those are reserved; app names may not be the
// names of the product's own modules (the server serves this list as ReservedModuleNames).

/** Machine names of the system columns and default system fields of every record. */
export const RESERVED_FIELD_NAMES: readonly string[] = [
  'id',
  'record_id',
  'tenant_id',
  'module_id',
  'status',
  'created_by',
  'modified_by',
  'created_at',
  'modified_at',
  'flow_name',
  'completed_at',
  'submitted_at',
  'expire_at',
  'workflow_status',
  'tasks',
  'workflow_activity_name',
  'workflow_started_on',
  'workflow_initiator_user',
  'workflow_initiator_email',
  'workflow_completed_on',
  'workflow_faulted_on',
  'workflow_instance_id',
];

/** Names of the product's own modules; an app may not take one (compared case-insensitively). */
export const RESERVED_MODULE_NAMES: readonly string[] = [
  'Applications',
  'Apps',
  'Audit Trail',
  'Business Intelligence',
  'Connect Hub',
  'Dashboard',
  'Data Connector',
  'Form Editor',
  'Home',
  'Module Categories',
  'Notifications',
  'Organization',
  'Process Engine',
  'Quick Report',
  'Reference Data',
  'Reports',
  'Roles',
  'Robotic Automation',
  'Settings',
  'Tasks',
  'Teams',
  'User Extension',
  'Users',
  'Webhooks',
];

/** A field's machine name: starts with a letter, then letters, digits or underscores; at most 64. */
export const FIELD_MACHINE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export const isReservedFieldName = (name: string): boolean =>
  RESERVED_FIELD_NAMES.includes(name.trim().toLowerCase());

/**
 * A machine name from a label: 'Unit price (€)' → 'unit_price'; made unique against `taken` with a
 * numeric suffix and kept clear of reserved names.
 */
export function machineNameFor(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, 56) || 'field';
  let candidate = base;
  for (let n = 2; taken.has(candidate) || isReservedFieldName(candidate); n += 1) candidate = `${base}_${n}`;
  return candidate;
}

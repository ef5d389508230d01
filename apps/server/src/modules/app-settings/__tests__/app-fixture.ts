import type { TestServer } from '../../../../test/harness.ts';

// Apps are made by the apps module; these tests arrange them directly with the owner pool so they
// depend only on the modules table.

const field = (name: string, label: string, fieldType: string, columnIndex: number) => ({
  id: `f-${name}`,
  fieldType,
  fieldName: label,
  name,
  required: false,
  helpText: '',
  value: null,
  isComputedField: false,
  formula: '',
  regex: '',
  columnWidth: 4,
  displayName: label,
  label,
  editorType: fieldType,
  rowIndex: 0,
  columnIndex,
  isTable: false,
});

/** A small definition: customer (text) and amount (number) in one group, plus a table group. */
export const smallDefinition = (extra: Record<string, unknown>[] = []) => ({
  fieldGroups: [
    {
      displayName: 'Main',
      sectionIndex: 0,
      name: 'main',
      orderIndex: 0,
      isTable: false,
      minimumRowCount: 0,
      maximumRowCount: 0,
      fields: [field('customer', 'Customer', 'text', 0), field('amount', 'Amount', 'number', 4), ...extra],
    },
    {
      displayName: 'Lines',
      sectionIndex: 1,
      name: 'lines',
      orderIndex: 1,
      isTable: true,
      minimumRowCount: 0,
      maximumRowCount: 10,
      fields: [{ ...field('qty', 'Quantity', 'number', 0), isTable: true }],
    },
  ],
  defaultConfig: { listColumns: ['customer'] },
  permission: [],
});

export const extraField = field;

export async function insertApp(
  server: TestServer,
  tenantLabel: string,
  name: string,
  options: { published?: Record<string, unknown> | null; draft?: Record<string, unknown> } = {},
): Promise<string> {
  const published = options.published ?? null;
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO modules (tenant_id, display_name, module_draft, module_published, module_version)
     SELECT id, $2, $3, $4, $5 FROM tenants WHERE label = $1 RETURNING id`,
    [
      tenantLabel,
      name,
      JSON.stringify(options.draft ?? smallDefinition()),
      published === null ? null : JSON.stringify(published),
      published === null ? 0 : 1,
    ],
  );
  return rows[0]!.id;
}

/** Gives a user a role granting 'view' on an app (resource app:{id}). */
export async function grantView(server: TestServer, userId: string, appId: string): Promise<void> {
  const { rows } = await server.owner.query<{ id: string; tenant_id: string }>(
    `INSERT INTO roles (tenant_id, role_name) SELECT tenant_id, 'Viewers ' || $1 FROM users WHERE id = $2
     RETURNING id, tenant_id`,
    [appId.slice(0, 8), userId],
  );
  const role = rows[0]!;
  await server.owner.query(
    `INSERT INTO role_permissions (tenant_id, role_id, resource, action) VALUES ($1, $2, $3, 'view')`,
    [role.tenant_id, role.id, `app:${appId}`],
  );
  await server.owner.query(`INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)`, [
    role.tenant_id,
    userId,
    role.id,
  ]);
}

export async function auditRows(server: TestServer, entity: string) {
  const { rows } = await server.owner.query(
    `SELECT action, entity_id, before, after, user_id FROM audit_log WHERE entity = $1 ORDER BY id`,
    [entity],
  );
  return rows;
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

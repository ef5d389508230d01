import { expect } from 'vitest';
import { APPS_PATHS } from '@formloop/contracts';
import {
  createField,
  fieldValueType,
  type FieldType,
  type FieldValueType,
  type FormField,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import type { TestClient, TestServer } from '../../../../test/harness.ts';

// Paths, people and arranging helpers shared by the apps integration tests.

export const P = APPS_PATHS;

/** The seeded OCR catalogue (migration 0006). */
export const ML = {
  azure: '0a1e0000-0000-4000-8000-000000000001',
  google: '0a1e0000-0000-4000-8000-000000000002',
  openai: '0a1e0000-0000-4000-8000-000000000004',
  formRecognizer: '0a1e0000-0000-4000-8001-000000000001',
  computerVision: '0a1e0000-0000-4000-8001-000000000002',
  textAnalytics: '0a1e0000-0000-4000-8001-000000000003',
  documentAi: '0a1e0000-0000-4000-8001-000000000004',
  gpt4o: '0a1e0000-0000-4000-8001-000000000008',
  gpt4oMini: '0a1e0000-0000-4000-8001-000000000009',
};

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export interface People {
  /** ADMINISTRATOR (a builder). */
  admin: TestClient;
  /** FULL_USER (a builder). */
  fred: TestClient;
  /** CONSULTANT (a builder). */
  cora: TestClient;
  /** USER (not a builder). */
  uma: TestClient;
  /** Another tenant's system administrator. */
  globex: TestClient;
}

/** acme: ada, fred, cora, uma; globex: gus. Licences as the demo tenant's plus OpenAI's two. */
export async function arrangePeople(server: TestServer): Promise<People> {
  const users: Array<
    [string, string, 'ADMINISTRATOR' | 'FULL_USER' | 'CONSULTANT' | 'USER' | 'SYSTEM_ADMINISTRATOR']
  > = [
    ['acme', 'ada', 'ADMINISTRATOR'],
    ['acme', 'fred', 'FULL_USER'],
    ['acme', 'cora', 'CONSULTANT'],
    ['acme', 'uma', 'USER'],
    ['globex', 'gus', 'SYSTEM_ADMINISTRATOR'],
  ];
  const clients: TestClient[] = [];
  for (const [label, username, kind] of users) {
    await server.createUser(label, { username, password: `${username}-pass`, kind });
    const client = server.client(label);
    await client.signIn(username, `${username}-pass`);
    clients.push(client);
  }
  await setLicences(server, 'acme', [
    'AI_AZURE_FORM_RECOGNIZER',
    'AI_AZURE_COMPUTER_VISION',
    'AI_OPENAI_GPT_4O',
    'AI_OPENAI_GPT_4O_MINI',
  ]);
  const [admin, fred, cora, uma, globex] = clients as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  return { admin, fred, cora, uma, globex };
}

export async function setLicences(server: TestServer, label: string, licences: string[]): Promise<void> {
  await server.owner.query('UPDATE tenants SET feature_licences = $2::jsonb WHERE label = $1', [
    label,
    JSON.stringify(licences),
  ]);
}

export async function tenantId(server: TestServer, label: string): Promise<string> {
  const { rows } = await server.owner.query<{ id: string }>('SELECT id FROM tenants WHERE label = $1', [
    label,
  ]);
  return rows[0]!.id;
}

export async function userId(server: TestServer, username: string): Promise<string> {
  const { rows } = await server.owner.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [
    username,
  ]);
  return rows[0]!.id;
}

export async function createApp(
  client: TestClient,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await client.post(P.create, { name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

export async function createGroup(client: TestClient, name: string, icon?: string): Promise<string> {
  const res = await client.post('/api/form/Editor/category/save', {
    category_name: name,
    ...(icon ? { category_icon: icon } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

// ---- form payloads ----

/** A formula whose result fits each value type. */
const FORMULA_OF: Record<FieldValueType, string> = {
  text: '"x"',
  number: '1',
  boolean: 'TRUE',
  date: 'TODAY()',
  datetime: 'NOW()',
  time: 'TIME(9, 0, 0)',
  list: '1',
  any: '1',
};

/** A payload field of a type, valid as created (settings a builder must fill in are filled). */
export function field(type: FieldType, name: string, extra: Partial<FormField> = {}): FormField {
  const created = createField(type, `f-${name}`, name);
  if (created.listToUse !== undefined) created.listToUse = 'list-1';
  if (created.lookup) created.lookup = { ...created.lookup, moduleId: 'module-1' };
  if (created.external) created.external = { ...created.external, url: 'https://api.example.com/x' };
  if (created.isComputedField) created.formula = FORMULA_OF[fieldValueType(type)];
  return { ...created, fieldName: name.toUpperCase(), ...extra };
}

const place = (f: FormField, rowIndex: number, columnIndex: number, isTable: boolean): PayloadField => ({
  ...f,
  displayName: f.fieldName,
  label: f.fieldName,
  editorType: f.fieldType,
  rowIndex,
  columnIndex,
  isTable,
});

/** A section group: each inner array is a row of fields, placed left to right. */
export function section(name: string, rows: FormField[][], index = 0): PayloadGroup {
  return {
    displayName: `Section ${name}`,
    sectionIndex: index,
    name,
    orderIndex: index,
    isTable: false,
    minimumRowCount: 0,
    maximumRowCount: 0,
    fields: rows.flatMap((row, rowIndex) => {
      let at = 0;
      return row.map((f) => {
        const placed = place(f, rowIndex, at, false);
        at += f.columnWidth;
        return placed;
      });
    }),
  };
}

export function table(name: string, columns: FormField[], index: number, min = 0, max = 0): PayloadGroup {
  const headers = columns.map((column) => column.fieldName);
  return {
    displayName: `Table ${name}`,
    sectionIndex: index,
    name,
    orderIndex: index,
    isTable: true,
    minimumRowCount: min,
    maximumRowCount: max,
    fields: columns.map((column, i) => ({ ...place(column, 0, i, true), headers })),
  };
}

export const payload = (...fieldGroups: PayloadGroup[]) => ({
  formName: 'Form',
  displayName: 'Form',
  isPublished: false,
  fieldGroups,
});

export const saveForm = (
  client: TestClient,
  id: string,
  groups: PayloadGroup[],
  extra: { permission?: unknown; workflow?: unknown; defaultConfig?: unknown } = {},
) =>
  client.post(P.saveForm, {
    id,
    data: payload(...groups),
    ...(extra.permission !== undefined
      ? {
          permission:
            typeof extra.permission === 'string' ? extra.permission : JSON.stringify(extra.permission),
        }
      : {}),
    ...(extra.workflow !== undefined ? { workflow: extra.workflow } : {}),
    ...(extra.defaultConfig !== undefined ? { defaultConfig: extra.defaultConfig } : {}),
  });

/** A role granting the user view (or other actions) on apps, inserted directly (roles are another module). */
export async function grantApps(
  server: TestServer,
  label: string,
  username: string,
  grants: Array<{ appId: string; action?: string }>,
): Promise<string> {
  const tenant = await tenantId(server, label);
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO roles (tenant_id, role_name) VALUES ($1, $2) RETURNING id`,
    [tenant, `role-${Math.random().toString(36).slice(2, 10)}`],
  );
  const roleId = rows[0]!.id;
  for (const grant of grants) {
    await server.owner.query(
      'INSERT INTO role_permissions (tenant_id, role_id, resource, action) VALUES ($1, $2, $3, $4)',
      [tenant, roleId, `app:${grant.appId}`, grant.action ?? 'view'],
    );
  }
  await server.owner.query('INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)', [
    tenant,
    await userId(server, username),
    roleId,
  ]);
  return roleId;
}

export async function auditRows(server: TestServer, entityId: string) {
  const { rows } = await server.owner.query(
    `SELECT action, before, after, user_id FROM audit_log WHERE entity = 'app' AND entity_id = $1 ORDER BY id`,
    [entityId],
  );
  return rows;
}

import { expect } from 'vitest';
import { RECORDS_PATHS, type RecordDataTableRequest } from '@formloop/contracts';
import type { PayloadGroup } from '@formloop/domain';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { P, createApp, saveForm } from '../../apps/__tests__/app-fixtures.ts';

// Arranging record lists: apps published through the Editor API, records inserted directly with
// the owner pool (saving records is another module), and a data table call that checks success.

export {
  MISSING_ID,
  arrangePeople,
  field,
  grantApps,
  section,
  table,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';

/** Creates, saves and publishes an app; answers its id. */
export async function publishApp(
  client: TestClient,
  name: string,
  groups: PayloadGroup[],
  extra: { permission?: unknown } = {},
): Promise<string> {
  const id = await createApp(client, name);
  const saved = await saveForm(client, id, groups, extra);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await client.post(P.publish, { id });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

export interface RecordSeed {
  data?: Record<string, unknown>;
  is_draft?: boolean;
  created_by?: string | null;
  modified_by?: string | null;
  created_on?: string;
  workflow_status?: string | null;
  workflow_started_on?: string | null;
  workflow_completed_on?: string | null;
  workflow_faulted_on?: string | null;
  workflow_initiator_user?: string | null;
  flow_name?: string | null;
  tasks?: number;
}

const SEED_COLUMNS = [
  'data',
  'is_draft',
  'created_by',
  'modified_by',
  'created_on',
  'workflow_status',
  'workflow_started_on',
  'workflow_completed_on',
  'workflow_faulted_on',
  'workflow_initiator_user',
  'flow_name',
  'tasks',
] as const;

/** Inserts records of an app (submitted unless is_draft); answers their ids in order. */
export async function insertRecords(
  server: TestServer,
  moduleId: string,
  seeds: RecordSeed[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, seed] of seeds.entries()) {
    const values = {
      data: JSON.stringify(seed.data ?? {}),
      is_draft: seed.is_draft ?? false,
      created_by: seed.created_by ?? null,
      modified_by: seed.modified_by ?? seed.created_by ?? null,
      // Distinct creation times, oldest first, so the default order (newest first) is known.
      created_on: seed.created_on ?? new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      workflow_status: seed.workflow_status ?? null,
      workflow_started_on: seed.workflow_started_on ?? null,
      workflow_completed_on: seed.workflow_completed_on ?? null,
      workflow_faulted_on: seed.workflow_faulted_on ?? null,
      workflow_initiator_user: seed.workflow_initiator_user ?? null,
      flow_name: seed.flow_name ?? null,
      tasks: seed.tasks ?? 0,
    };
    const { rows } = await server.owner.query<{ id: string }>(
      `INSERT INTO records (tenant_id, module_id, module_version, ${SEED_COLUMNS.join(', ')})
       SELECT m.tenant_id, m.id, m.module_version, ${SEED_COLUMNS.map((_, n) => `$${n + 2}`).join(', ')}
         FROM modules m WHERE m.id = $1
       RETURNING id`,
      [moduleId, ...SEED_COLUMNS.map((column) => values[column])],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/** POST datatables (or draftdatatables) and the data of a 200 answer. */
export async function listRecords(
  client: TestClient,
  body: RecordDataTableRequest,
  path: string = RECORDS_PATHS.datatables,
) {
  const res = await client.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    data: Array<{ id: string; data: Record<string, unknown>; status: string; display_status: string }>;
    recordsTotal: number;
    recordsFiltered: number;
    countIsEstimate: boolean;
  };
}

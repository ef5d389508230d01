import { expect } from 'vitest';
import { RECORDS_PATHS, recordPath } from '@formloop/contracts';
import type { PayloadGroup } from '@formloop/domain';
import type { TestClient } from '../../../../test/harness.ts';
import { P, createApp, saveForm } from '../../apps/__tests__/app-fixtures.ts';

// Arranging helpers of the records integration tests: apps are created, saved and published through
// the Editor API as a builder, exactly as people do it.

export const R = RECORDS_PATHS;
export { recordPath };

/** Creates an app with these groups (and field permissions) and publishes it; answers its id. */
export async function publishApp(
  builder: TestClient,
  name: string,
  groups: PayloadGroup[],
  permission?: unknown,
): Promise<string> {
  const id = await createApp(builder, name);
  const saved = await saveForm(builder, id, groups, permission === undefined ? {} : { permission });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await builder.post(P.publish, { id });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

export const saveRecord = (client: TestClient, moduleId: string, body: Record<string, unknown>) =>
  client.post(`${R.save}?moduleId=${encodeURIComponent(moduleId)}`, body);

export const submitRecord = (client: TestClient, moduleId: string, body: Record<string, unknown>) =>
  client.post(R.submit, { moduleId, ...body });

/** Saves (or submits) and expects it to work; answers the stored record. */
export async function saved(
  response: Promise<{ statusCode: number; body: string; json: () => any }>,
): Promise<Record<string, any>> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export const detailOf = async (client: TestClient, recordId: string) => {
  const res = await client.get(recordPath.detail(recordId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { arrangePeople, field, section, type People } from '../../apps/__tests__/app-fixtures.ts';
import { publishApp, saveRecord, saved, submitRecord } from './record-fixtures.ts';

// Sequence numbers are gap-free per app and field, also under concurrent submissions.

let server: TestServer;
let people: People;
let appId: string;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Numbered', [
    section('main', [
      [
        field('text', 'title', { required: true }),
        field('sequence-number', 'ref', { sequenceFormat: 'INV-{0000}' }),
        field('sequence-number', 'even', { sequenceFormat: 'E{00}', stepSequence: 2 }),
      ],
    ]),
  ]);
});
afterAll(() => server?.close());

describe('sequence numbers', () => {
  it('gives 100 parallel submissions 100 distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        saved(submitRecord(people.fred, appId, { data: { title: `t${i}` } })),
      ),
    );
    const refs = results.map((record) => record.data.ref as string).sort();
    expect(refs).toEqual(Array.from({ length: 100 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`));
    const evens = new Set(results.map((record) => record.data.even as string));
    expect(evens.size).toBe(100);
    expect(evens.has('E200')).toBe(true);
  });

  it('numbers drafts only when submitted, and a refused submission uses no number', async () => {
    const draft = await saved(saveRecord(people.fred, appId, { data: { title: 'later', ref: 'INV-0001' } }));
    expect(draft.data.ref).toBeUndefined();
    const refused = await submitRecord(people.fred, appId, { data: {} });
    expect(refused.statusCode).toBe(400);
    const submitted = await saved(
      submitRecord(people.fred, appId, { recordId: draft.id, data: { title: 'now' } }),
    );
    expect(submitted.data.ref).toBe('INV-0101');
    const { rows } = await server.owner.query(
      `SELECT field_name, last_value::int AS last FROM record_sequences WHERE module_id = $1 ORDER BY field_name`,
      [appId],
    );
    expect(rows).toEqual([
      { field_name: 'even', last: 101 },
      { field_name: 'ref', last: 101 },
    ]);
  });
});

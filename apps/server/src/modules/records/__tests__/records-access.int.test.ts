import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  P,
  arrangePeople,
  field,
  grantApps,
  saveForm,
  section,
  table,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { R, detailOf, publishApp, recordPath, saveRecord, saved, submitRecord } from './record-fixtures.ts';

// Who may do what with records (grants, tenants, other people's drafts), field permissions as the
// API enforces them, and deleting many records all or nothing.

let server: TestServer;
let people: People;
let appId: string;
let guardedId: string;
let foreignAppId: string;

const PERMISSION = [
  {
    activityId: 'fs-start',
    fields: [
      { name: 'hush', control: 'hidden' },
      { name: 'fixed', control: 'readonly' },
      { name: 'cost', control: 'hidden' },
    ],
    fieldGroups: [],
  },
];

const dataOf = async (id: string) =>
  (await server.owner.query('SELECT data FROM records WHERE id = $1', [id])).rows[0]?.data as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Orders', [
    section('main', [
      [
        field('text', 'title'),
        field('remote-lookup', 'remote', {
          external: {
            url: 'https://api.example.com/x',
            requestType: 'POST',
            headers: [{ key: 'Authorization', value: 'Bearer top-secret' }],
            body: '{"token":"top-secret"}',
            params: [],
            responseFormat: 'json',
            responsePath: '',
            dataType: 'string',
            resultType: 'single',
            addGovHeaders: false,
          },
        }),
      ],
    ]),
  ]);
  guardedId = await publishApp(
    people.fred,
    'Guarded',
    [
      section('main', [
        [field('text', 'open'), field('text', 'hush'), field('text', 'fixed', { value: 'preset' })],
      ]),
      table('rows', [field('text', 'name'), field('number', 'cost')], 1),
    ],
    PERMISSION,
  );
  foreignAppId = await publishApp(people.globex, 'Theirs', [section('main', [[field('text', 'title')]])]);
});
afterAll(() => server?.close());

describe('field permissions through the API', () => {
  it('ignores hidden and read-only fields on save and leaves hidden ones out of the detail', async () => {
    const record = await saved(
      saveRecord(people.fred, guardedId, {
        data: { open: 'yes', hush: 'sneaky', fixed: 'changed', rows: [{ name: 'a', cost: 5 }] },
      }),
    );
    expect(await dataOf(record.id)).toEqual({ open: 'yes', fixed: 'preset', rows: [{ name: 'a' }] });
    expect(record.data).toEqual({ open: 'yes', fixed: 'preset', rows: [{ name: 'a' }] });

    // Values the form keeps from people at fs-start (set elsewhere, e.g. by a later activity).
    await server.owner.query(
      `UPDATE records SET data = data || '{"hush":"secret","rows":[{"name":"a","cost":7}]}'::jsonb WHERE id = $1`,
      [record.id],
    );
    await saved(
      saveRecord(people.fred, guardedId, {
        recordId: record.id,
        data: { open: 'again', hush: 'overwrite', fixed: 'x', rows: [{ name: 'b', cost: 1 }] },
      }),
    );
    expect(await dataOf(record.id)).toEqual({
      open: 'again',
      hush: 'secret',
      fixed: 'preset',
      rows: [{ name: 'b', cost: 7 }],
    });
    const detail = await detailOf(people.fred, record.id);
    expect(detail.activityId).toBe('fs-start');
    expect(detail.editable).toBe(true);
    expect(detail.record.data).toEqual({ open: 'again', fixed: 'preset', rows: [{ name: 'b' }] });
  });
});

describe('grants', () => {
  it('keeps apps without a view grant away (404) and refuses actions without their grant (403)', async () => {
    expect((await people.uma.get(recordPath.form(appId))).statusCode).toBe(404);
    expect((await saveRecord(people.uma, appId, { data: { title: 'x' } })).statusCode).toBe(404);

    await grantApps(server, 'acme', 'uma', [{ appId }]);
    const form = await people.uma.get(recordPath.form(appId));
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.can).toEqual({
      create: false,
      edit: false,
      delete: false,
      configureForAll: false,
    });
    // External credentials are for builders only.
    const remote = form
      .json()
      .data.definition.fieldGroups[0].fields.find((f: { name: string }) => f.name === 'remote');
    expect(remote.external.headers).toEqual([{ key: 'Authorization', value: '' }]);
    expect(remote.external.body).toBe('');
    const builderForm = (await people.fred.get(recordPath.form(appId))).json().data;
    expect(JSON.stringify(builderForm)).toContain('top-secret');

    // A builder's save leaves the app's definition cached: the grant check still applies to others.
    await saved(saveRecord(people.fred, appId, { data: { title: 'warm' } }));
    const refused = await saveRecord(people.uma, appId, { data: { title: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may not create entries in this app.');

    await grantApps(server, 'acme', 'uma', [{ appId, action: 'create' }]);
    const draft = await saved(saveRecord(people.uma, appId, { data: { title: 'mine' } }));
    // The author continues and submits their draft with the create grant.
    await saved(saveRecord(people.uma, appId, { recordId: draft.id, data: { title: 'mine 2' } }));
    const submitted = await saved(
      submitRecord(people.uma, appId, { recordId: draft.id, data: { title: 'done' } }),
    );
    expect(submitted.status).toBe('Completed');
    expect((await detailOf(people.uma, draft.id)).editable).toBe(false);

    const edit = await saveRecord(people.uma, appId, { recordId: draft.id, data: { title: 'later' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('You may not change entries in this app.');
    const del = await people.uma.post(R.deleteById, { id: draft.id });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('You may not delete entries in this app.');

    await grantApps(server, 'acme', 'uma', [
      { appId, action: 'edit' },
      { appId, action: 'delete' },
    ]);
    await saved(saveRecord(people.uma, appId, { recordId: draft.id, data: { title: 'later' } }));
    expect((await people.uma.post(R.deleteById, { id: draft.id })).json()).toMatchObject({
      data: { deleted: 1 },
    });
  });

  it('keeps other people’s drafts to their authors (builders aside)', async () => {
    const freds = await saved(saveRecord(people.fred, appId, { data: { title: 'freds' } }));
    expect((await people.uma.get(recordPath.detail(freds.id))).statusCode).toBe(404);
    expect((await saveRecord(people.uma, appId, { recordId: freds.id, data: {} })).statusCode).toBe(404);
    const umas = await saved(saveRecord(people.uma, appId, { data: { title: 'umas' } }));
    expect((await people.cora.get(recordPath.detail(umas.id))).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s apps and records and for malformed ids', async () => {
    const theirs = await saved(saveRecord(people.globex, foreignAppId, { data: { title: 'theirs' } }));
    const mine = await saved(saveRecord(people.fred, appId, { data: { title: 'mine' } }));
    for (const res of [
      await people.fred.get(recordPath.form(foreignAppId)),
      await saveRecord(people.fred, foreignAppId, { data: {} }),
      await people.fred.get(recordPath.detail(theirs.id)),
      await saveRecord(people.fred, appId, { recordId: theirs.id, data: {} }),
      await people.fred.post(R.deleteById, { id: theirs.id }),
      await people.globex.get(recordPath.detail(mine.id)),
      await people.fred.get(recordPath.detail('not-a-uuid')),
      await people.fred.get(recordPath.form('not-a-uuid')),
      await saveRecord(people.fred, appId, { recordId: MISSING_ID, data: {} }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await dataOf(theirs.id)).toEqual({ title: 'theirs' });
  });
});

describe('versions', () => {
  it('creates records on the version published last, even right after a save on the previous one', async () => {
    const id = await publishApp(people.fred, 'Versioned', [section('main', [[field('text', 'title')]])]);
    const first = await saved(saveRecord(people.fred, id, { data: { title: 'v1', extra: 'x' } }));
    expect(first).toMatchObject({ module_version: 1, data: { title: 'v1' } });
    const resaved = await saveForm(people.fred, id, [
      section('main', [[field('text', 'title'), field('text', 'extra')]]),
    ]);
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await people.fred.post(P.publish, { id })).statusCode).toBe(200);
    const second = await saved(saveRecord(people.fred, id, { data: { title: 'v2', extra: 'x' } }));
    expect(second).toMatchObject({ module_version: 2, data: { title: 'v2', extra: 'x' } });
    // The first record stays on its own version.
    const detail = await detailOf(people.fred, first.id);
    expect(detail.form.module_version).toBe(1);
    expect(detail.form.definition.fieldGroups[0].fields).toHaveLength(1);
  });
});

describe('deleting many', () => {
  it('deletes all or nothing', async () => {
    const ids: string[] = [];
    for (const title of ['a', 'b', 'c']) {
      ids.push((await saved(submitRecord(people.fred, appId, { data: { title } }))).id);
    }
    const refused = await people.fred.post(R.deleteByIds, { ids: [ids[0], ids[1], MISSING_ID] });
    expect(refused.statusCode).toBe(404);
    const { rows } = await server.owner.query('SELECT count(*)::int AS n FROM records WHERE id = ANY($1)', [
      ids,
    ]);
    expect(rows[0].n).toBe(3);

    const done = await people.fred.post(R.deleteByIds, { ids: [ids[0], ids[1], ids[1]] });
    expect(done.json()).toMatchObject({ success: true, data: { deleted: 2 } });
    const left = await server.owner.query('SELECT id FROM records WHERE id = ANY($1)', [ids]);
    expect(left.rows).toEqual([{ id: ids[2] }]);
    const audit = await server.owner.query(
      `SELECT entity_id, before FROM audit_log WHERE entity = 'record' AND action = 'deleted' AND entity_id = ANY($1)`,
      [ids],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0].before.data.title).toMatch(/^[ab]$/);
  });
});

describe('comments', () => {
  it('pages comments newest first with author names, for those who may see the record', async () => {
    const record = await saved(submitRecord(people.fred, appId, { data: { title: 'talk' } }));
    for (let i = 1; i <= 12; i += 1) {
      const res = await people.fred.post(R.sendComment, { recordId: record.id, message: `note ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = (await people.fred.get(`${R.loadComment}?recordId=${record.id}&page=1`)).json().data;
    expect(first.total).toBe(12);
    expect(first.hasMore).toBe(true);
    expect(first.comments.map((c: { message: string }) => c.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `note ${12 - i}`),
    );
    expect(first.comments[0]).toMatchObject({ record_id: record.id, author_name: expect.any(String) });
    const second = (await people.fred.get(`${R.loadComment}?recordId=${record.id}&page=2`)).json().data;
    expect(second).toMatchObject({ total: 12, hasMore: false });
    expect(second.comments.map((c: { message: string }) => c.message)).toEqual(['note 2', 'note 1']);
    const all = (await people.fred.get(recordPath.comments(record.id))).json().data;
    expect(all).toHaveLength(12);

    const empty = await people.fred.post(R.sendComment, { recordId: record.id, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Write a comment first.');
    expect((await people.globex.get(recordPath.comments(record.id))).statusCode).toBe(404);
    expect((await people.globex.post(R.sendComment, { recordId: record.id, message: 'hi' })).statusCode).toBe(
      404,
    );
    const audit = await server.owner.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'record_comment' AND after->>'record_id' = $1`,
      [record.id],
    );
    expect(audit.rows[0].n).toBe(12);
  });
});

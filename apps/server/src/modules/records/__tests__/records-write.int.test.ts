import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_VALUE_MESSAGES } from '@formloop/domain';
import type { FormField } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  arrangePeople,
  field,
  section,
  table,
  tenantId,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { detailOf, publishApp, saveRecord, saved, submitRecord } from './record-fixtures.ts';

// Save, submit and detail through the API with a field of every stored shape: values keep their
// shapes, bad ones are refused with the shared messages, calculations and rich text are the
// server's, uploaded files become the record's, audit rows never hold a password.

let server: TestServer;
let people: People;
let appId: string;
let fredId: string;

const rows = (fields: FormField[]): FormField[][] =>
  Array.from({ length: Math.ceil(fields.length / 3) }, (_, i) => fields.slice(i * 3, i * 3 + 3));

const EVERY_SHAPE: FormField[] = [
  field('text', 'title', { required: true }),
  field('textarea', 'notes'),
  field('number', 'amount'),
  field('date', 'due'),
  field('datetime', 'at'),
  field('time', 'clock'),
  field('dropdown', 'kind'),
  field('lookup', 'customer'),
  field('remote-lookup', 'remote'),
  field('image', 'photo'),
  field('file', 'doc'),
  field('multi-file', 'docs'),
  field('signature', 'sig'),
  field('email', 'mail'),
  field('slider', 'level'),
  field('switch', 'active'),
  field('rating', 'stars'),
  field('user', 'owner'),
  field('checkbox', 'agree'),
  field('checklist', 'tags'),
  field('pull-data', 'pulled'),
  field('richtext', 'body'),
  field('richtext-html', 'html'),
  field('sequence-number', 'ref', { sequenceFormat: 'INV-{0000}' }),
  field('multi-select-user', 'watchers'),
  field('multi-select-reference', 'refs'),
  field('multi-select-external', 'ext'),
  field('input-external', 'inext'),
  field('password', 'secret'),
  field('barcode-scanner', 'scan'),
  field('calculation-number', 'total', { formula: '{amount} * 2' }),
  field('calculation-number', 'linesum', { formula: 'SUM({lines.line})' }),
];

const file = (key: string) => ({
  uid: `u-${key}`,
  url: `/f/${key}`,
  name: `${key}.pdf`,
  status: 'done',
  fileKey: key,
});

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  fredId = await userId(server, 'fred');
  appId = await publishApp(people.fred, 'Every shape', [
    section('main', rows(EVERY_SHAPE)),
    table(
      'lines',
      [
        field('text', 'item'),
        field('number', 'qty'),
        field('number', 'price'),
        field('calculation-number', 'line', { formula: '{qty} * {price}' }),
      ],
      1,
    ),
  ]);
});
afterAll(() => server?.close());

describe('save, submit and detail', () => {
  it('keeps every stored shape through save, submit and detail', async () => {
    const input = {
      title: 'Invoice',
      notes: 'two\nlines',
      amount: '1.234,5',
      due: '2026-11-22',
      at: '2026-11-22T12:00:00+02:00',
      clock: '09:30',
      kind: 'ref-a',
      customer: { id: 'r1', label: 'ACME' },
      remote: 'R-1',
      photo: file('p1'),
      doc: [file('d1')],
      docs: [file('m1'), file('m2')],
      sig: 'Fred Flint',
      mail: 'fred@example.com',
      level: 40,
      active: 'true',
      stars: 4,
      owner: fredId.toUpperCase(),
      agree: true,
      tags: ['a', 'b'],
      pulled: { id: 'r2', label: 'Pulled' },
      body: '<p>Hello</p>',
      html: '<b>Bold</b>',
      ref: 'INV-9999',
      watchers: [fredId],
      refs: 'x',
      ext: ['e1'],
      inext: 42,
      secret: 's3cret',
      scan: '4006381333931',
      total: 1,
      linesum: 1,
      lines: [{ item: 'A', qty: 2, price: '3.5', line: 999 }],
      unknown: 'dropped',
    };
    const draft = await saved(saveRecord(people.fred, appId, { data: input }));
    expect(draft).toMatchObject({
      is_draft: true,
      status: 'Draft',
      created_by: fredId,
      created_by_name: expect.any(String),
    });
    const expected = {
      title: 'Invoice',
      notes: 'two\nlines',
      amount: 1234.5,
      due: '2026-11-22',
      at: '2026-11-22T10:00:00.000Z',
      clock: '09:30:00',
      kind: 'ref-a',
      customer: { id: 'r1', label: 'ACME' },
      remote: 'R-1',
      photo: file('p1'),
      doc: file('d1'),
      docs: [file('m1'), file('m2')],
      sig: 'Fred Flint',
      mail: 'fred@example.com',
      level: 40,
      active: true,
      stars: 4,
      owner: fredId,
      agree: true,
      tags: ['a', 'b'],
      pulled: { id: 'r2', label: 'Pulled' },
      body: '<p>Hello</p>',
      html: '<b>Bold</b>',
      watchers: [fredId],
      refs: ['x'],
      ext: ['e1'],
      inext: '42',
      secret: 's3cret',
      scan: '4006381333931',
      total: 2469,
      linesum: 7,
      lines: [{ item: 'A', qty: 2, price: 3.5, line: 7 }],
    };
    expect(draft.data).toEqual(expected);

    const submitted = await saved(
      submitRecord(people.fred, appId, {
        recordId: draft.id,
        data: { ...input, amount: 10 },
        expectedModifiedOn: draft.modified_on,
      }),
    );
    expect(submitted).toMatchObject({
      id: draft.id,
      is_draft: false,
      status: 'Completed',
      workflow_status: null,
    });
    expect(submitted.submitted_on).toBe(submitted.workflow_completed_on);
    expect(submitted.data).toEqual({ ...expected, amount: 10, total: 20, ref: 'INV-0001' });

    const detail = await detailOf(people.fred, draft.id);
    expect(detail).toMatchObject({
      activityId: 'fs-complete',
      editable: false,
      record: { data: submitted.data },
    });
    expect(detail.form).toMatchObject({
      id: appId,
      module_version: 1,
      can: { create: true, edit: true, delete: true },
    });

    // Submitted once is submitted: a second submission is a conflict.
    const again = await submitRecord(people.fred, appId, { recordId: draft.id, data: input });
    expect(again.statusCode).toBe(409);
  });

  it('refuses values that cannot take their shape, with the shared messages by field and cell', async () => {
    const res = await saveRecord(people.fred, appId, {
      data: {
        amount: 'lots',
        due: '2026-02-30',
        mail: 'nope',
        level: 500,
        title: 'a<b',
        lines: [{ qty: 'x' }],
        owner: 'bob',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Some values are not valid; fix them and save again.',
      data: { code: 'VALIDATION_FAILED' },
    });
    expect(res.json().data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', message: MESSAGES.valueSpecialChars }),
        expect.objectContaining({ field: 'amount', message: RECORD_VALUE_MESSAGES.number }),
        expect.objectContaining({ field: 'due', message: RECORD_VALUE_MESSAGES.date }),
        expect.objectContaining({ field: 'mail', message: RECORD_VALUE_MESSAGES.email }),
        expect.objectContaining({ field: 'level', message: 'The value must be between 0 and 100' }),
        expect.objectContaining({ field: 'owner', message: RECORD_VALUE_MESSAGES.user }),
        expect.objectContaining({ field: 'lines.0.qty', message: RECORD_VALUE_MESSAGES.number }),
      ]),
    );
    // A draft may be incomplete; a submission may not.
    expect((await saveRecord(people.fred, appId, { data: {} })).statusCode).toBe(200);
    const incomplete = await submitRecord(people.fred, appId, { data: {} });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().data.errors).toMatchObject([{ field: 'title', message: MESSAGES.required }]);
  });

  it('recomputes calculations and sanitises rich text whatever the client sends', async () => {
    const record = await saved(
      submitRecord(people.fred, appId, {
        data: {
          title: 'Calc',
          amount: 5,
          total: 1_000_000,
          body: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
          lines: [
            { qty: 3, price: 2, line: 0 },
            { qty: 1, price: 4 },
          ],
        },
      }),
    );
    expect(record.data.total).toBe(10);
    expect(record.data.lines).toEqual([
      { qty: 3, price: 2, line: 6 },
      { qty: 1, price: 4, line: 4 },
    ]);
    expect(record.data.linesum).toBe(10);
    expect(record.data.body).toBe('<p>Hi<a>x</a></p>');
  });

  it('answers 409 for a stale save, keeping the newer values', async () => {
    const draft = await saved(saveRecord(people.fred, appId, { data: { title: 'One' } }));
    await saved(
      saveRecord(people.fred, appId, {
        recordId: draft.id,
        data: { title: 'Two' },
        expectedModifiedOn: draft.modified_on,
      }),
    );
    const stale = await saveRecord(people.fred, appId, {
      recordId: draft.id,
      data: { title: 'Three' },
      expectedModifiedOn: draft.modified_on,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this entry; reload it and try again.');
    expect((await detailOf(people.fred, draft.id)).record.data.title).toBe('Two');
  });

  it('answers an entry made from the remembered app exactly as it was stored', async () => {
    // No sequence numbers, files or workflow: after the first entry the app is remembered and new
    // entries are written by one guarded statement whose answer is built from what was sent.
    const quickId = await publishApp(people.fred, 'Quick orders', [
      section('main', [
        [field('text', 'title'), field('number', 'amount'), field('date', 'due')],
        [
          field('switch', 'paid'),
          field('dropdown', 'colour'),
          field('calculation-number', 'twice', { formula: '{amount} * 2' }),
        ],
      ]),
    ]);
    await saved(submitRecord(people.fred, quickId, { data: { title: 'first' } }));
    const data = { title: 'Bench order', amount: '1.234,5', due: '2026-11-22', paid: true, colour: 'ref-a' };
    const submitted = await saved(submitRecord(people.fred, quickId, { data }));
    const draft = await saved(saveRecord(people.fred, quickId, { data: { title: 'draft' } }));
    for (const answer of [submitted, draft]) {
      const { record } = await detailOf(people.fred, answer.id);
      expect(answer).toEqual(record);
    }
    expect(submitted).toMatchObject({
      status: 'Completed',
      created_by: fredId,
      created_by_name: expect.any(String),
      workflow_initiator_user: fredId,
      workflow_initiator_email: 'fred@acme.example',
      data: { amount: 1234.5, twice: 2469 },
    });
    expect(draft).toMatchObject({ status: 'Draft', is_draft: true, submitted_on: null });
    // A draft submitted later gets its starter's address too (the update path).
    const later = await saved(submitRecord(people.fred, quickId, { id: draft.id, data: { title: 'later' } }));
    expect(later).toMatchObject({ workflow_initiator_email: 'fred@acme.example' });
    const { rows: audit } = await server.owner.query(
      `SELECT action, after FROM audit_log WHERE entity = 'record' AND entity_id = $1`,
      [submitted.id],
    );
    expect(audit).toEqual([{ action: 'submitted', after: { data: submitted.data } }]);
  });

  it('claims uploaded files for the record and keeps passwords out of the audit trail', async () => {
    const tenant = await tenantId(server, 'acme');
    await server.owner.query(
      `INSERT INTO stored_files (tenant_id, file_key, file_name, content_type, size_bytes, uploaded_by)
       VALUES ($1, 'claim-1', 'a.pdf', 'application/pdf', 3, $2), ($1, 'claim-2', 'b.pdf', 'application/pdf', 3, $2)`,
      [tenant, fredId],
    );
    const record = await saved(
      saveRecord(people.fred, appId, { data: { title: 'Files', doc: file('claim-1'), secret: 'hunter2' } }),
    );
    const { rows: files } = await server.owner.query(
      `SELECT file_key, record_id, module_id FROM stored_files WHERE file_key LIKE 'claim-%' ORDER BY file_key`,
    );
    expect(files).toEqual([
      { file_key: 'claim-1', record_id: record.id, module_id: appId },
      { file_key: 'claim-2', record_id: null, module_id: null },
    ]);
    const { rows: audit } = await server.owner.query(
      `SELECT action, before, after, user_id FROM audit_log WHERE entity = 'record' AND entity_id = $1`,
      [record.id],
    );
    expect(audit).toEqual([
      { action: 'created', before: null, after: { data: expect.any(Object) }, user_id: fredId },
    ]);
    expect(audit[0].after.data.secret).toBe('********');
    expect(JSON.stringify(audit)).not.toContain('hunter2');
    // The detail of someone who may see the field does carry it.
    expect((await detailOf(people.fred, record.id)).record.data.secret).toBe('hunter2');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  P,
  arrangePeople,
  auditRows,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  table,
  type People,
} from './app-fixtures.ts';

let server: TestServer;
let people: People;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
});
afterAll(() => server?.close());

const getForm = (id: string, client = people.fred) => client.get(`${P.getForm}?id=${encodeURIComponent(id)}`);

/** One field of every type, three to a row, and a table with a calculation over its columns. */
function everyType() {
  const fields = FIELD_TYPES.map((type, index) => field(type, `f_${index}`));
  const rows: (typeof fields)[] = [];
  for (let at = 0; at < fields.length; at += 3) rows.push(fields.slice(at, at + 3));
  return [
    section('main', rows),
    table(
      'lines',
      [
        field('number', 'qty'),
        field('number', 'price'),
        field('calculation-number', 'line_total', { formula: '{qty} * {price}' }),
      ],
      1,
      1,
      20,
    ),
    section('totals', [[field('calculation-currency', 'total', { formula: 'SUM({lines.line_total})' })]], 2),
  ];
}

const PERMISSION = [
  { activityId: 'fs-start', fields: [{ name: 'f_0', control: 'hidden' }], fieldGroups: [] },
  { activityId: 'fs-complete', fields: [], fieldGroups: [{ name: 'lines', control: 'readonly' }] },
];

describe('SaveForm', () => {
  it('stores the draft and GetForm gives it back exactly, with the workflow and an audit row', async () => {
    const id = await createApp(people.fred, 'Everything');
    const groups = everyType();
    const workflow = { activities: [], connections: [] };
    const defaultConfig = { listColumns: ['f_0'], recordTitle: '{f_0}' };
    const res = await saveForm(people.cora, id, groups, { permission: PERMISSION, workflow, defaultConfig });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Form has been saved', data: { id } });
    expect(Date.parse(res.json().data.modified_on)).not.toBeNaN();

    const detail = (await getForm(id)).json().data;
    expect(detail.module_draft).toEqual({ fieldGroups: groups, defaultConfig, permission: PERMISSION });
    expect(detail.workflow_draft).toEqual(workflow);
    expect(detail).toMatchObject({
      status: 'Draft',
      module_published: null,
      module_version: 0,
      versions: [],
    });
    expect(detail.modified_on).toBe(res.json().data.modified_on);
    expect(detail.email_templates).toEqual([]);

    // Leaving the workflow out keeps it.
    expect((await saveForm(people.fred, id, groups, { permission: PERMISSION })).statusCode).toBe(200);
    expect((await getForm(id)).json().data.workflow_draft).toEqual(workflow);

    const audit = await auditRows(server, id);
    expect(audit.map((row) => row.action)).toEqual(['created', 'draft_saved', 'draft_saved']);
    expect(audit[1].after.module_draft.fieldGroups).toHaveLength(3);
    expect(audit[1].after.workflow_draft).toEqual(workflow);
    expect(audit[2].before.module_draft.permission).toEqual(PERMISSION);
  });

  it('answers every problem as a located issue, and stores nothing', async () => {
    const id = await createApp(people.fred, 'Problems');
    const groups = [
      section('main', [
        [field('text', 'customer', { columnWidth: 6 }), field('text', 'status', { columnWidth: 6 })],
        [field('text', 'Customer'), field('slider', 'score', { minValue: 5, maxValue: 5 })],
        [field('rating', 'stars', { maxRating: 11 }), field('number', 'amount', { decimalPlaces: 12 })],
        [
          field('sequence-number', 'ref', { sequenceFormat: 'INV-{YYYY}' }),
          field('dropdown', 'kind', { listToUse: '' }),
        ],
        [field('lookup', 'other', { lookup: { ...field('lookup', 'x').lookup!, moduleId: '' } })],
        [
          field('remote-lookup', 'remote', {
            external: { ...field('remote-lookup', 'x').external!, url: 'ftp://x' },
          }),
        ],
        [field('text', 'code', { regex: '(' }), field('calculation-text', 'label', { formula: ' ' })],
        [field('text', 'a', { columnWidth: 8 }), field('text', 'b', { columnWidth: 8 })],
      ]),
      table('lines', [field('number', 'qty')], 1, 5, 2),
      section('main', [], 2),
    ];
    const permission = [
      { activityId: 'fs-start', fields: [{ name: 'ghost', control: 'hidden' }], fieldGroups: [] },
    ];
    const res = await saveForm(people.fred, id, groups, { permission });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe('The form has problems; fix them and save again.');
    expect(body.data.code).toBe('VALIDATION_FAILED');
    const located = body.data.issues.map(
      (issue: { target: string; code: string }) => `${issue.target}:${issue.code}`,
    );
    expect(located).toEqual([
      'main:rowTooWide',
      'lines:rowCountRange',
      'main:duplicateGroupName',
      'f-customer:duplicateFieldName',
      'f-status:reservedFieldName',
      'f-Customer:duplicateFieldName',
      'f-score:sliderRange',
      'f-stars:ratingRange',
      'f-amount:decimalPlaces',
      'f-ref:sequenceFormat',
      'f-code:invalidRegex',
      'permission:permissionField',
    ]);
    expect(body.data.issues[0]).toEqual({
      target: 'main',
      kind: 'group',
      code: 'rowTooWide',
      message: 'Row 8 is 16 columns wide; a row holds at most 12.',
      params: { row: 8, width: 16, max: 12 },
    });
    expect(body.data.errors[0]).toEqual({
      field: 'main',
      message: 'Row 8 is 16 columns wide; a row holds at most 12.',
      key: 'formIssues.rowTooWide',
      params: { row: 8, width: 16, max: 12 },
    });
    expect(body.data.errors).toHaveLength(body.data.issues.length);
    // Nothing stored.
    expect((await getForm(id)).json().data.module_draft.fieldGroups[0].fields).toEqual([]);
    expect((await auditRows(server, id)).map((row) => row.action)).toEqual(['created']);
  });

  it('saves a draft whose fields are not configured yet, and refuses to publish it until they are', async () => {
    const id = await createApp(people.fred, 'Unfinished');
    const groups = [
      section('main', [
        [field('dropdown', 'kind', { listToUse: '' })],
        [field('lookup', 'other', { lookup: { ...field('lookup', 'x').lookup!, moduleId: '' } })],
        [
          field('remote-lookup', 'remote', {
            external: { ...field('remote-lookup', 'x').external!, url: '' },
          }),
        ],
        [field('calculation-text', 'label', { formula: '' })],
      ]),
    ];
    const saved = await saveForm(people.fred, id, groups);
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await people.fred.post(P.publish, { id });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(
      refused
        .json()
        .data.issues.map((issue: { target: string; code: string }) => `${issue.target}:${issue.code}`),
    ).toEqual([
      'f-kind:listToUse',
      'f-other:lookupModule',
      'f-remote:externalUrl',
      'f-label:formulaRequired',
    ]);
    expect((await getForm(id)).json().data.module_version).toBe(0);
  });

  it('checks formulas on the server: an unknown field is an issue with its span', async () => {
    const id = await createApp(people.fred, 'Formulas');
    const groups = [
      section('main', [
        [field('number', 'price'), field('calculation-number', 'total', { formula: '{price} * {qty}' })],
        [field('calculation-date', 'due', { formula: '{price} + 1' })],
        [
          field('calculation-number', 'ping', { formula: '{pong} + 1' }),
          field('calculation-number', 'pong', { formula: '{ping} + 1' }),
        ],
      ]),
    ];
    const res = await saveForm(people.fred, id, groups);
    expect(res.statusCode, res.body).toBe(400);
    const issues = res.json().data.issues;
    expect(issues[0]).toMatchObject({
      target: 'f-total',
      kind: 'field',
      code: 'formula',
      start: 10,
      end: 15,
      params: { formulaCode: 'unknownField', name: 'qty' },
    });
    expect(issues[0].message).toContain('Unknown field {qty}');
    expect(issues.find((issue: { target: string }) => issue.target === 'f-due')).toMatchObject({
      code: 'formula',
      params: { formulaCode: 'resultType' },
    });
    const circular = issues.filter(
      (issue: { params: { formulaCode?: string } }) => issue.params.formulaCode === 'circularReference',
    );
    expect(circular.map((issue: { target: string }) => issue.target)).toEqual(['f-ping', 'f-pong']);

    const fixed = [
      section('main', [
        [
          field('number', 'price'),
          field('number', 'qty'),
          field('calculation-number', 'total', { formula: '{price} * {qty}' }),
        ],
      ]),
    ];
    expect((await saveForm(people.fred, id, fixed)).statusCode).toBe(200);
  });

  it('refuses permission text that is not a list of activity rules', async () => {
    const id = await createApp(people.fred, 'Permissions');
    for (const permission of [
      'not json',
      '{"activityId":"fs-start"}',
      '[{"activityId":"fs-start","fields":[{"name":"a","control":"sometimes"}],"fieldGroups":[]}]',
    ]) {
      const res = await saveForm(people.fred, id, [section('main', [])], { permission });
      expect(res.statusCode, permission).toBe(400);
      expect(res.json().message).toBe('The field permissions are not valid JSON.');
      expect(res.json().data.errors).toMatchObject([
        { field: 'permission', message: 'The field permissions are not valid JSON.' },
      ]);
    }
    // Shape errors of the payload are the schema's.
    const shape = await people.fred.post(P.saveForm, { id, data: { fieldGroups: 'none' } });
    expect(shape.statusCode).toBe(400);
  });

  it('is for builders on the tenant’s own apps', async () => {
    const id = await createApp(people.fred, 'Guarded');
    expect((await saveForm(people.uma, id, [section('main', [])])).statusCode).toBe(403);
    const foreign = await createApp(people.globex, 'Foreign');
    for (const target of [foreign, MISSING_ID, 'bad-id']) {
      const res = await saveForm(people.fred, target, [section('main', [])]);
      expect(res.statusCode, target).toBe(404);
    }
  });
});

describe('publish', () => {
  it('refuses a draft without fields', async () => {
    const id = await createApp(people.fred, 'Empty');
    const res = await people.fred.post(P.publish, { id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Save the form with at least one field before publishing.');
  });

  it('publishes the draft as version 1, keeps it side by side with the next draft, then version 2', async () => {
    const id = await createApp(people.fred, 'Orders');
    const first = [section('main', [[field('text', 'customer'), field('number', 'amount')]])];
    await saveForm(people.fred, id, first, { permission: PERMISSION.slice(0, 0), workflow: { v: 1 } });
    const published = await people.cora.post(P.publish, { id });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      message: 'App has been published',
      data: { id, module_version: 1 },
    });

    let detail = (await getForm(id)).json().data;
    expect(detail).toMatchObject({ status: 'Published', module_version: 1, workflow_published: { v: 1 } });
    expect(detail.module_published).toEqual(detail.module_draft);
    expect(detail.versions).toEqual([
      { module_version: 1, published_on: expect.any(String), published_by_name: 'cora Tester' },
    ]);

    const second = [
      section('main', [[field('text', 'customer'), field('number', 'amount'), field('date', 'due')]]),
    ];
    expect((await saveForm(people.fred, id, second)).statusCode).toBe(200);
    detail = (await getForm(id)).json().data;
    expect(detail.module_draft.fieldGroups).toEqual(second);
    expect(detail.module_published.fieldGroups).toEqual(first);
    expect(detail).toMatchObject({ status: 'Published', module_version: 1 });

    expect((await people.fred.post(P.publish, { id })).json().data.module_version).toBe(2);
    detail = (await getForm(id)).json().data;
    expect(detail.module_published.fieldGroups).toEqual(second);
    expect(detail.versions.map((v: { module_version: number }) => v.module_version)).toEqual([2, 1]);
    const { rows } = await server.owner.query(
      'SELECT module_version, module FROM module_versions WHERE module_id = $1 ORDER BY module_version',
      [id],
    );
    expect(rows.map((row) => row.module.fieldGroups)).toEqual([first, second]);
    const audit = await auditRows(server, id);
    expect(audit.filter((row) => row.action === 'published').map((row) => row.after.module_version)).toEqual([
      1, 2,
    ]);
  });

  it('checks the stored draft again', async () => {
    const id = await createApp(people.fred, 'Tampered');
    const draft = {
      fieldGroups: [section('main', [[field('text', 'status')]])],
      defaultConfig: {},
      permission: [],
    };
    await server.owner.query('UPDATE modules SET module_draft = $2 WHERE id = $1', [
      id,
      JSON.stringify(draft),
    ]);
    const res = await people.fred.post(P.publish, { id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.issues).toEqual([
      expect.objectContaining({ target: 'f-status', code: 'reservedFieldName' }),
    ]);
    expect((await getForm(id)).json().data.module_version).toBe(0);
  });

  it('is for builders on the tenant’s own apps', async () => {
    const id = await createApp(people.fred, 'Guarded publish');
    expect((await people.uma.post(P.publish, { id })).statusCode).toBe(403);
    const foreign = await createApp(people.globex, 'Foreign publish');
    for (const target of [foreign, MISSING_ID, 'bad-id']) {
      expect((await people.fred.post(P.publish, { id: target })).statusCode, target).toBe(404);
    }
  });
});

describe('GetForm', () => {
  it('lets a plain user read only published apps a role grants view on', async () => {
    const draftOnly = await createApp(people.fred, 'Draft only');
    const live = await createApp(people.fred, 'Live');
    await saveForm(people.fred, live, [section('main', [[field('text', 'customer')]])]);
    await people.fred.post(P.publish, { id: live });

    expect((await getForm(live, people.uma)).statusCode).toBe(403);
    await grantApps(server, 'acme', 'uma', [{ appId: live }, { appId: draftOnly }]);
    const granted = await getForm(live, people.uma);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({ id: live, status: 'Published' });
    expect((await getForm(draftOnly, people.uma)).statusCode).toBe(403);
    // Builders read drafts.
    expect((await getForm(draftOnly, people.admin)).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s app or a malformed id, 400 without an id', async () => {
    const foreign = await createApp(people.globex, 'Foreign read');
    for (const id of [foreign, MISSING_ID, 'not-a-uuid', "1' or '1'='1"]) {
      const res = await getForm(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This app does not exist.');
    }
    expect((await people.fred.get(P.getForm)).statusCode).toBe(400);
  });
});

describe('ModuleLookup and ColumnLookup', () => {
  it('lists published apps with their tables, and an app’s columns (published, else draft)', async () => {
    const id = await createApp(people.fred, 'Invoices');
    const groups = [
      section('head', [[field('text', 'customer')]]),
      table('items', [field('text', 'sku'), field('number', 'qty')], 1),
    ];
    await saveForm(people.fred, id, groups);
    const columns = await people.cora.get(`${P.columnLookup}?moduleId=${id}`);
    expect(columns.json().data).toEqual([
      { name: 'customer', label: 'CUSTOMER', fieldType: 'text', group: 'head', isTable: false },
      { name: 'sku', label: 'SKU', fieldType: 'text', group: 'items', isTable: true },
      { name: 'qty', label: 'QTY', fieldType: 'number', group: 'items', isTable: true },
    ]);
    let lookup = (await people.fred.get(P.moduleLookup)).json().data;
    expect(lookup.filter((entry: { module_id: string }) => entry.module_id === id)).toEqual([]);

    await people.fred.post(P.publish, { id });
    // A later draft does not change what lookups see.
    await saveForm(people.fred, id, [section('head', [[field('text', 'renamed')]])]);
    lookup = (await people.fred.get(P.moduleLookup)).json().data;
    expect(lookup.filter((entry: { module_id: string }) => entry.module_id === id)).toEqual([
      { module_id: id, display_name: 'Invoices', is_table: false, table_name: null },
      { module_id: id, display_name: 'Invoices › Table items', is_table: true, table_name: 'items' },
    ]);
    const names = (await people.fred.get(`${P.columnLookup}?moduleId=${id}`))
      .json()
      .data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['customer', 'sku', 'qty']);
  });

  it('is for builders; another tenant’s app is a 404', async () => {
    const foreign = await createApp(people.globex, 'Foreign lookup');
    expect((await people.uma.get(P.moduleLookup)).statusCode).toBe(403);
    expect((await people.uma.get(`${P.columnLookup}?moduleId=${foreign}`)).statusCode).toBe(403);
    for (const id of [foreign, MISSING_ID, 'x']) {
      expect((await people.fred.get(`${P.columnLookup}?moduleId=${id}`)).statusCode, id).toBe(404);
    }
    const globexLookup = (await people.globex.get(P.moduleLookup)).json().data;
    expect(
      globexLookup.every((entry: { display_name: string }) => !entry.display_name.startsWith('Invoices')),
    ).toBe(true);
  });
});

import { RECORDS_MESSAGES, TASK_SCHEDULER_MESSAGES } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  arrangePeople,
  field,
  grantApps,
  section,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { publishApp } from '../../records/__tests__/record-fixtures.ts';
import { S, activitiesOf, saveSchedule, scheduleRow, taskSchedulerPath } from './schedule-fixtures.ts';

// The TaskScheduler API (spec §7): save with its checks, the app's list, pause/resume, delete,
// detail, the activity log's paging, the preview; who may (the app's create grant) and tenants.

let server: TestServer;
let people: People;
let appId: string;
let foreignAppId: string;

const FORM = [section('main', [[field('text', 'title', { required: true }), field('number', 'amount')]])];

const base = (extra: Record<string, unknown> = {}) => ({
  module_id: appId,
  name: 'Weekly report',
  cron: '0 9 * * 1',
  record_values: { title: 'Report', amount: 5 },
  ...extra,
});

const fieldErrors = (res: { json: () => any }) =>
  (res.json().data.errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]);

beforeAll(async () => {
  server = await createTestServer({ SCHEDULER_TICK_MS: '0' });
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Weekly figures', FORM);
  foreignAppId = await publishApp(people.globex, 'Theirs', FORM);
  // The organization's zone, which schedules read their cron in unless they name one.
  const zone = await people.admin.post('/api/sys/organization/setorganizationtimezone', {
    timeZone: 'Europe/Berlin',
  });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterAll(() => server?.close());

describe('save', () => {
  it('creates a schedule in the organization’s zone with its next runs, and logs and audits it', async () => {
    const res = await people.fred.post(S.save, base());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TASK_SCHEDULER_MESSAGES.saved);
    const saved = res.json().data;
    expect(saved).toMatchObject({
      module_id: appId,
      name: 'Weekly report',
      cron: '0 9 * * 1',
      time_zone: 'Europe/Berlin',
      status: 'active',
      submit: true,
      record_values: { title: 'Report', amount: 5 },
      run_as_name: 'fred Tester',
      created_by_name: 'fred Tester',
    });
    expect(saved.next_runs).toHaveLength(5);
    expect(saved.next_run_at).toBe(saved.next_runs[0]);
    for (const run of saved.next_runs as string[]) {
      const instant = new Date(run);
      expect(instant.getTime()).toBeGreaterThan(Date.now() - 1000);
      // Mondays 09:00 in Berlin: 08:00 UTC in winter, 07:00 in summer.
      expect(instant.getUTCDay()).toBe(1);
      expect([7, 8]).toContain(instant.getUTCHours());
    }
    expect((await activitiesOf(server, saved.schedule_id)).map((row) => row.outcome)).toEqual(['saved']);
    const { rows } = await server.owner.query(
      `SELECT action FROM audit_log WHERE entity = 'task-schedule' AND entity_id = $1`,
      [saved.schedule_id],
    );
    expect(rows).toEqual([{ action: 'task-schedule-created' }]);
  });

  it('changes a schedule; a new cron moves its next run, the same timing keeps it', async () => {
    const created = await saveSchedule(people.fred, base({ name: 'To change' }));
    const renamed = await saveSchedule(people.cora, {
      ...base({ name: 'Changed' }),
      schedule_id: created.schedule_id,
    });
    expect(renamed).toMatchObject({
      name: 'Changed',
      next_run_at: created.next_run_at,
      run_as_name: 'cora Tester',
    });
    const recron = await saveSchedule(people.fred, {
      ...base({ name: 'Changed', cron: '30 6 1 * *', time_zone: 'Asia/Tokyo' }),
      schedule_id: created.schedule_id,
    });
    expect(recron.next_run_at).not.toBe(created.next_run_at);
    // 06:30 in Tokyo (UTC+9) on the 1st is 21:30 UTC the day before.
    expect(new Date(recron.next_run_at).getUTCHours()).toBe(21);
    expect(new Date(recron.next_run_at).getUTCMinutes()).toBe(30);
  });

  it('refuses bad input with the message on its field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [base({ cron: '* * * *' }), 'cron', TASK_SCHEDULER_MESSAGES.cronFields],
      [base({ cron: '61 * * * *' }), 'cron', TASK_SCHEDULER_MESSAGES.cronInvalid],
      [base({ cron: '0 0 30 2 *' }), 'cron', TASK_SCHEDULER_MESSAGES.cronNeverRuns],
      [base({ cron: '' }), 'cron', MESSAGES.required],
      [base({ time_zone: 'Mars/Olympus' }), 'time_zone', TASK_SCHEDULER_MESSAGES.invalidTimeZone],
      [base({ name: '  ' }), 'name', MESSAGES.required],
      [base({ name: 'x'.repeat(101) }), 'name', TASK_SCHEDULER_MESSAGES.nameTooLong],
    ];
    for (const [body, fieldName, message] of cases) {
      const res = await people.fred.post(S.save, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res)).toEqual([[fieldName, message]]);
    }
  });

  it('checks the record values like a record save: submitted ones in full, drafts without required', async () => {
    const wrongType = await people.fred.post(S.save, base({ record_values: { title: 'x', amount: 'lots' } }));
    expect(wrongType.statusCode, wrongType.body).toBe(400);
    expect(wrongType.json().message).toBe(RECORDS_MESSAGES.invalidValues);
    expect(fieldErrors(wrongType).map(([name]) => name)).toEqual(['record_values.amount']);

    const missing = await people.fred.post(S.save, base({ record_values: { amount: 1 } }));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(fieldErrors(missing).map(([name]) => name)).toEqual(['record_values.title']);

    const draft = await people.fred.post(S.save, base({ record_values: { amount: 1 }, submit: false }));
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ submit: false, record_values: { amount: 1 } });
  });
});

describe('list, pause and resume, delete', () => {
  it('lists the app’s schedules with search and paging', async () => {
    const listApp = await publishApp(people.fred, 'Listed', FORM);
    for (const name of ['Alpha daily', 'Beta daily', 'Gamma weekly']) {
      await saveSchedule(people.fred, { ...base({ name }), module_id: listApp });
    }
    const all = await people.fred.post(S.datatables, {
      module_id: listApp,
      orders: [{ column: 'name', dir: 'asc' }],
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.data.map((row: any) => row.name)).toEqual([
      'Alpha daily',
      'Beta daily',
      'Gamma weekly',
    ]);
    expect(all.json().data).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });

    const found = await people.fred.post(S.datatables, { module_id: listApp, search: 'DAILY', length: 10 });
    expect(found.json().data).toMatchObject({ recordsTotal: 3, recordsFiltered: 2 });

    const bad = await people.fred.post(S.datatables, { module_id: listApp, length: 7 });
    expect(bad.statusCode).toBe(400);
  });

  it('pauses and resumes, logging both; the activity log pages by 10', async () => {
    const schedule = await saveSchedule(people.fred, base({ name: 'Toggled', cron: '*/5 * * * *' }));
    const id = schedule.schedule_id as string;
    const paused = await people.fred.post(S.action, { schedule_id: id, status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      message: TASK_SCHEDULER_MESSAGES.paused,
      data: { status: 'paused', next_run_at: null },
    });
    expect((await scheduleRow(server, id)).next_run_at).toBeNull();
    const resumed = await people.fred.post(S.action, { schedule_id: id, status: 'active' });
    expect(resumed.json()).toMatchObject({
      message: TASK_SCHEDULER_MESSAGES.resumed,
      data: { status: 'active' },
    });
    expect(new Date(resumed.json().data.next_run_at).getTime()).toBeGreaterThan(Date.now() - 1000);
    for (let n = 0; n < 5; n += 1) {
      await people.fred.post(S.action, { schedule_id: id, status: 'paused' });
      await people.fred.post(S.action, { schedule_id: id, status: 'active' });
    }
    // saved + 12 changes = 13 rows: the first page has the newest 10.
    const page1 = await people.fred.get(taskSchedulerPath.activities(id));
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().data.recordsTotal).toBe(13);
    expect(page1.json().data.data).toHaveLength(10);
    expect(page1.json().data.data[0]).toMatchObject({ outcome: 'resumed', user_name: 'fred Tester' });
    const page2 = await people.fred.get(`${taskSchedulerPath.activities(id)}?page=2`);
    expect(
      page2
        .json()
        .data.data.map((row: any) => row.outcome)
        .at(-1),
    ).toBe('saved');
    expect(page2.json().data.data).toHaveLength(3);
  });

  it('deletes a schedule and its log', async () => {
    const schedule = await saveSchedule(people.fred, base({ name: 'Doomed' }));
    const res = await people.fred.post(S.delete, { schedule_id: schedule.schedule_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: TASK_SCHEDULER_MESSAGES.deleted, data: { deleted: 1 } });
    expect((await people.fred.get(taskSchedulerPath.detail(schedule.schedule_id))).statusCode).toBe(404);
    expect(await activitiesOf(server, schedule.schedule_id)).toEqual([]);
  });

  it('previews the next runs of an expression in a zone', async () => {
    const res = await people.uma.post(S.preview, { cron: '0 12 * * *', time_zone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.time_zone).toBe('America/New_York');
    expect(res.json().data.next_runs).toHaveLength(5);
    for (const run of res.json().data.next_runs as string[])
      expect([16, 17]).toContain(new Date(run).getUTCHours());
    const bad = await people.uma.post(S.preview, { cron: '0 12 * *' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual([['cron', TASK_SCHEDULER_MESSAGES.cronFields]]);
  });
});

describe('who may', () => {
  it('answers 403 without the create grant and 404 without the view grant', async () => {
    const schedule = await saveSchedule(people.fred, base({ name: 'Guarded' }));
    const id = schedule.schedule_id as string;
    const calls = () => [
      people.uma.post(S.datatables, { module_id: appId }),
      people.uma.post(S.save, base({ name: 'Mine' })),
      people.uma.get(taskSchedulerPath.detail(id)),
      people.uma.get(taskSchedulerPath.activities(id)),
      people.uma.post(S.action, { schedule_id: id, status: 'paused' }),
      people.uma.post(S.delete, { schedule_id: id }),
    ];
    for (const res of await Promise.all(calls())) expect(res.statusCode, res.body).toBe(404);
    await grantApps(server, 'acme', 'uma', [{ appId }]);
    for (const res of await Promise.all(calls())) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(RECORDS_MESSAGES.notAllowedCreate);
    }
    await grantApps(server, 'acme', 'uma', [{ appId, action: 'create' }]);
    const list = await people.uma.post(S.datatables, { module_id: appId });
    expect(list.statusCode, list.body).toBe(200);
    const own = await people.uma.post(S.save, base({ name: 'Mine' }));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.run_as_name).toBe('uma Tester');
    expect((await people.uma.get(taskSchedulerPath.detail(id))).statusCode).toBe(200);
  });

  it('keeps other tenants’ schedules and apps out of reach (404)', async () => {
    const theirs = await saveSchedule(people.globex, {
      ...base({ name: 'Theirs' }),
      module_id: foreignAppId,
    });
    const id = theirs.schedule_id as string;
    const answers = await Promise.all([
      people.admin.get(taskSchedulerPath.detail(id)),
      people.admin.get(taskSchedulerPath.activities(id)),
      people.admin.post(S.action, { schedule_id: id, status: 'paused' }),
      people.admin.post(S.delete, { schedule_id: id }),
      people.admin.post(S.save, { ...base({ name: 'Hijack' }), schedule_id: id }),
      people.admin.post(S.datatables, { module_id: foreignAppId }),
      people.admin.post(S.save, { ...base(), module_id: foreignAppId }),
      people.admin.get(taskSchedulerPath.detail(MISSING_ID)),
      people.admin.get(taskSchedulerPath.detail('not-a-uuid')),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(404);
    expect(answers[0]!.json().message).toBe(TASK_SCHEDULER_MESSAGES.notFound);
    expect(await scheduleRow(server, id)).toMatchObject({ status: 'active' });
    // A schedule is changed within its own app only.
    const mine = await saveSchedule(people.fred, base({ name: 'Stays here' }));
    const otherApp = await publishApp(people.fred, 'Elsewhere', FORM);
    const moved = await people.fred.post(S.save, {
      ...base({ name: 'Moved' }),
      module_id: otherApp,
      schedule_id: mine.schedule_id,
    });
    expect(moved.statusCode).toBe(404);
  });

  it('documents the routes in OpenAPI', async () => {
    const docs = await server.client('acme').get('/api/docs/json');
    expect(docs.statusCode, docs.body).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        S.save,
        S.datatables,
        S.delete,
        S.action,
        S.preview,
        '/api/TaskScheduler/{id}/detail',
        '/api/TaskScheduler/{id}/activities',
      ]),
    );
  });

  it('needs a signed-in caller', async () => {
    const anonymous = server.client('acme');
    expect((await anonymous.post(S.datatables, { module_id: appId })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  REPORT_EXPORT_BACKGROUND_ROWS,
  REPORT_PATHS,
  reportExportJobFilePath,
  reportExportJobPath,
  type ReportExportJob,
} from '@formloop/contracts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import type { People } from '../../record-lists/__tests__/record-list-fixtures.ts';
import { arrangeReportWorld, SEEDS } from './report-fixtures.ts';

// Large exports in the background against real PostgreSQL and the real pg-boss queue: a plain
// report of more than REPORT_EXPORT_BACKGROUND_ROWS rows answers 202, a worker makes the file as
// the user who asked, its progress ends at every row, the file downloads whole, a notification says
// it is ready; nobody else can see or fetch it.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;
const EXTRA = REPORT_EXPORT_BACKGROUND_ROWS + 1;

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
  await server.owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, data, is_draft, submitted_on)
     SELECT m.tenant_id, m.id, m.module_version,
            jsonb_build_object('city', 'Oslo', 'amount', n, 'secret', 0), false, now()
       FROM modules m, generate_series(1, $2::int) AS n
      WHERE m.id = $1`,
    [appId, EXTRA],
  );
  // What autovacuum does after a bulk load: the list's count is the planner's estimate at this size.
  await server.owner.query('ANALYZE records');
}, 120_000);
afterAll(() => server?.close());

const body = (format: 'csv' | 'xlsx') => ({
  definition: { moduleId: appId, columns: ['city', 'amount'] },
  format,
  name: 'All orders',
});

describe('background report exports', () => {
  it('answers 202, makes the file as the caller, notifies them and serves it to them only', async () => {
    const asked = await people.fred.post(REPORT_PATHS.export, body('csv'));
    expect(asked.statusCode, asked.body).toBe(202);
    const job = asked.json().data as ReportExportJob;
    expect(job).toMatchObject({ name: 'All orders', format: 'csv', status: 'queued', rowsDone: 0 });
    expect(job.rowsTotal).toBeGreaterThan(REPORT_EXPORT_BACKGROUND_ROWS);

    let done: ReportExportJob | undefined;
    await vi.waitFor(
      async () => {
        const res = await people.fred.get(reportExportJobPath(job.id));
        expect(res.statusCode, res.body).toBe(200);
        done = res.json().data as ReportExportJob;
        expect(done.status).toBe('completed');
      },
      { timeout: 90_000, interval: 500 },
    );
    const total = SEEDS.length + EXTRA;
    expect(done).toMatchObject({ rowsDone: total, error: null });
    expect(done!.finishedOn).not.toBeNull();

    const file = await people.fred.get(reportExportJobFilePath(job.id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toContain('All orders.csv');
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split(/\r?\n/);
    // The heading (name, no filters, the time), a blank line, the header, then every row.
    expect(lines[0]).toContain('All orders');
    const header = lines.indexOf('') + 1;
    expect(header).toBeGreaterThan(1);
    expect(lines.slice(header + 1)).toHaveLength(total);
    expect(lines.filter((line) => line.startsWith('Oslo,'))).toHaveLength(EXTRA);

    const notices = await people.fred.get(`${API_PATHS.notifications}?page=1`);
    const ready = (notices.json().data.notif as Array<Record<string, unknown>>).find(
      (notice) => notice.notification_type_name === 'exportready',
    );
    expect(ready).toMatchObject({
      notification_content: 'Your export All orders is ready to download',
      notification_params: { app: 'All orders', exportId: job.id },
    });

    // Another user of the tenant, and another tenant, see nothing of it.
    expect((await people.cora.get(reportExportJobPath(job.id))).statusCode).toBe(404);
    expect((await people.cora.get(reportExportJobFilePath(job.id))).statusCode).toBe(404);
    expect((await gina.get(reportExportJobPath(job.id))).statusCode).toBe(404);
    expect((await people.fred.get(reportExportJobPath('not-an-id'))).statusCode).toBe(404);
  });

  it('keeps small and grouped exports in the answer', async () => {
    const grouped = await people.fred.post(REPORT_PATHS.export, {
      ...body('xlsx'),
      definition: { moduleId: appId, groupBy: [{ field: 'city' }] },
    });
    expect(grouped.statusCode).toBe(200);
    expect(grouped.headers['content-type']).toMatch(/spreadsheetml/);
    const filtered = await people.fred.post(REPORT_PATHS.export, {
      ...body('csv'),
      definition: {
        moduleId: appId,
        columns: ['city'],
        filters: [{ field: 'city', operator: 'eq', value: 'Rome' }],
      },
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain('Rome');
  });
});

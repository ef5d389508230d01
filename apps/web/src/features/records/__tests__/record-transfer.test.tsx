import {
  RECORD_IMPORT_PATHS,
  RECORDS_PATHS,
  importStatusPath,
  recordPath,
  type ImportStatus,
} from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-mock.ts';
import { patientQueries, MODULE_ID, bodiesOf, cellTexts, mockPage, renderPage } from './record-fixtures.tsx';

patientQueries();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // jsdom has no object URLs; the export test lends them for its download.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const SLOW = { timeout: 20_000 };

interface RawCall {
  url: string;
  body: unknown;
}

/** Puts a handler in front of the JSON mock for the calls that are not JSON (file answers, multipart). */
function intercept(match: (url: string) => boolean, answer: (call: RawCall) => Promise<Response> | Response) {
  const inner = globalThis.fetch;
  const raw: RawCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (!match(input)) return inner(input, init);
    const call = { url: input, body: init.body };
    raw.push(call);
    return answer(call);
  });
  return raw;
}

describe('export and import', { timeout: 180_000 }, () => {
  it('exports the filtered list as CSV and XLSX with the file name the server gives', async () => {
    const calls = mockPage();
    let release: () => void = () => undefined;
    const exports = intercept(
      (url) => url === RECORDS_PATHS.export,
      async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return new Response('customer\nAcme\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="orders.csv"; filename*=UTF-8\'\'Orders%202026.csv',
          },
        });
      },
    );
    const createObjectURL = vi.fn(() => 'blob:orders');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Search entries'), { target: { value: 'acme' } });
    await waitFor(() =>
      expect(bodiesOf(calls, RECORDS_PATHS.datatables).at(-1)).toMatchObject({ search: 'acme' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(exports).toHaveLength(1));
    const xlsx = screen.getByRole('button', { name: /Export XLSX/ }) as HTMLButtonElement;
    expect(xlsx.disabled).toBe(true);
    const body = JSON.parse(String(exports[0]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      format: 'csv',
      moduleId: MODULE_ID,
      search: 'acme',
      orders: [],
      filters: [],
    });
    expect(body.columns).toHaveLength(25);
    expect(body).not.toHaveProperty('page');
    release();
    await waitFor(() => expect(downloads).toEqual(['Orders 2026.csv']));
    await waitFor(() => expect(xlsx.disabled).toBe(false));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('maps the CSV columns, starts the import, follows it every second and lists the rejected rows', async () => {
    const statuses: ImportStatus[] = [
      {
        id: 'imp-1',
        module_id: MODULE_ID,
        file_name: 'orders.csv',
        status: 'running',
        processedRows: 1,
        importedRows: 1,
        rejectedRows: 0,
        rejected: [],
        error: null,
        created_on: '2026-03-01T10:00:00.000Z',
        finished_on: null,
      },
    ];
    statuses.push({
      ...statuses[0]!,
      status: 'completed',
      processedRows: 3,
      importedRows: 2,
      rejectedRows: 1,
      rejected: [{ line: 4, errors: [{ field: 'amount', message: 'This field is required' }] }],
      finished_on: '2026-03-01T10:00:02.000Z',
    });
    let polls = 0;
    const calls = mockPage({
      [`GET ${importStatusPath('imp-1')}`]: () => ok(statuses[Math.min(polls++, 1)]),
    });
    const starts = intercept(
      (url) => url.startsWith(RECORD_IMPORT_PATHS.start) && !url.startsWith(`${RECORD_IMPORT_PATHS.start}/`),
      () =>
        new Response(JSON.stringify({ success: true, message: '', data: { importId: 'imp-1' } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );

    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    const summaries = () => calls.filter((call) => call.url === recordPath.summary(MODULE_ID)).length;
    const lists = () => bodiesOf(calls, RECORDS_PATHS.datatables).length;
    const before = { summaries: summaries(), lists: lists() };

    fireEvent.click(screen.getByRole('button', { name: /Import CSV/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['customer,Amount,Colour\nAcme,12,red\nBolt,,blue\nCogs,3,green\n'], 'orders.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(dialog).findByText('3 columns found in orders.csv', {}, SLOW)).toBeTruthy();
    const mappedTo = (column: string) =>
      within(dialog).getByLabelText(`Field for column ${column}`).closest('.ant-select')?.textContent;
    expect(mappedTo('customer')).toBe('Customer');
    expect(mappedTo('Amount')).toBe('Amount');
    expect(mappedTo('Colour')).toBe('Ignore this column');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]?.url).toBe(`${RECORD_IMPORT_PATHS.start}?moduleId=${MODULE_ID}`);
    const form = starts[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['mapping', 'file']);
    expect(JSON.parse(String(form.get('mapping')))).toEqual({ customer: 'customer', Amount: 'amount' });
    expect((form.get('file') as File).name).toBe('orders.csv');

    expect(await within(dialog).findByText('Rows read: 1', {}, SLOW)).toBeTruthy();
    expect(await within(dialog).findByText('Import finished', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Imported: 2')).toBeTruthy();
    expect(within(dialog).getByText('Rejected: 1')).toBeTruthy();
    const rejected = within(dialog).getByTestId('import-rejected-rows');
    expect(within(rejected).getByText('4')).toBeTruthy();
    expect(within(rejected).getByText('amount: This field is required')).toBeTruthy();
    expect(polls).toBe(2);
    await waitFor(() => expect(summaries()).toBeGreaterThan(before.summaries));
    await waitFor(() => expect(lists()).toBeGreaterThan(before.lists));
    // Finished: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls).toBe(2);
  });
});

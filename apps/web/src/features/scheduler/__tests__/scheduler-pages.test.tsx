import {
  API_PATHS,
  APPS_PATHS,
  TASK_SCHEDULER_MESSAGES,
  TASK_SCHEDULER_PATHS,
  recordPath,
  taskSchedulerPath,
} from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  NEXT_RUNS,
  activity,
  postsTo,
  recordForm,
  renderScheduler,
  scheduleDetail,
  scheduleRow,
} from './fixtures.tsx';

// The scheduler pages against a mocked server: the app's schedules (pause/resume, empty state), the
// New schedule form's checks, and one schedule's editor with its preview and activity log.

const FORM = `GET ${recordPath.form('app-1')}`;
const LIST = `POST ${TASK_SCHEDULER_PATHS.datatables}`;
const ACTION = `POST ${TASK_SCHEDULER_PATHS.action}`;
const SAVE = `POST ${TASK_SCHEDULER_PATHS.save}`;
const PREVIEW = `POST ${TASK_SCHEDULER_PATHS.preview}`;
const DETAIL = `GET ${taskSchedulerPath.detail('s-1')}`;
const ACTIVITIES = `GET ${taskSchedulerPath.activities('s-1')}`;
const ZONES = `GET ${API_PATHS.timeZones}`;

const zones = ok([
  { id: 'UTC', label: '(UTC+00:00) UTC', offsetMinutes: 0 },
  { id: 'Asia/Kolkata', label: '(UTC+05:30) Asia/Kolkata', offsetMinutes: 330 },
]);
const page = (rows: ReturnType<typeof scheduleRow>[]) =>
  ok({ data: rows, recordsTotal: rows.length, recordsFiltered: rows.length });

afterEach(() => vi.unstubAllGlobals());

describe('the app’s schedules', { timeout: 120_000 }, () => {
  it('lists them with next run, cron in words and status, and pauses and resumes one', async () => {
    let paused = false;
    const calls = mockFetch({
      [FORM]: ok(recordForm()),
      [LIST]: () =>
        page([
          scheduleRow(1, paused ? { status: 'paused', next_run_at: null } : {}),
          scheduleRow(2, { status: 'paused', next_run_at: null, cron: '*/2 * * * * *' }),
        ]),
      [ACTION]: (call) => {
        paused = JSON.parse(call.body ?? '{}').status === 'paused';
        return ok(scheduleDetail({ status: paused ? 'paused' : 'active' }), TASK_SCHEDULER_MESSAGES.paused);
      },
    });
    renderScheduler('/schedule-editor/app-1');
    expect(
      await screen.findByRole('heading', { name: 'Schedules of Invoices' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const first = (await screen.findByRole('link', { name: 'Morning report 1' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(first).getByText('Monday to Friday at 09:00')).toBeTruthy();
    // Next run in the organization's format and zone (the defaults: UTC, YYYY-MM-DD HH:mm:ss).
    expect(within(first).getByText('2026-03-09 03:30:00')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    const second = screen.getByRole('link', { name: 'Morning report 2' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Paused')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Resume Morning report 2' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: 'Pause Morning report 1' }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_SCHEDULER_PATHS.action)).toEqual([{ schedule_id: 's-1', status: 'paused' }]),
    );
    // The list is asked again and shows the schedule paused.
    await waitFor(() => {
      const row = screen.getByRole('link', { name: 'Morning report 1' }).closest('tr') as HTMLElement;
      expect(within(row).getByText('Paused')).toBeTruthy();
    });
    expect(postsTo(calls, TASK_SCHEDULER_PATHS.datatables)[0]).toEqual({
      module_id: 'app-1',
      page: 1,
      length: 10,
      search: '',
      orders: [],
    });
  });

  it('says when there are none yet and offers to make one', async () => {
    mockFetch({
      [FORM]: ok(recordForm()),
      [LIST]: page([]),
      [PREVIEW]: ok({ time_zone: 'UTC', next_runs: NEXT_RUNS }),
      [ZONES]: zones,
    });
    renderScheduler('/schedule-editor/app-1');
    expect(
      await screen.findByText('This app has no schedules yet.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /New schedule/ });
    fireEvent.click(buttons[buttons.length - 1]!);
    expect(await screen.findByTestId('schedule-form')).toBeTruthy();
  });

  it('switches to another app the caller may enter data into (dataentrylookup)', async () => {
    const calls = mockFetch({
      [FORM]: ok(recordForm()),
      [`GET ${recordPath.form('app-2')}`]: ok({ ...recordForm(), id: 'app-2', display_name: 'Budget' }),
      [LIST]: page([]),
      [`GET ${APPS_PATHS.dataEntryLookup}`]: ok([
        { module_id: 'app-2', display_name: 'Budget', app_icon: null, category_name: null },
        { module_id: 'app-1', display_name: 'Invoices', app_icon: null, category_name: null },
      ]),
    });
    renderScheduler('/schedule-editor/app-1');
    const picker = await screen.findByRole('combobox', { name: 'Schedules of the app' }, { timeout: 15_000 });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('Budget'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/schedule-editor/app-2'));
    expect(await screen.findByRole('heading', { name: 'Schedules of Budget' })).toBeTruthy();
    expect(postsTo(calls, TASK_SCHEDULER_PATHS.datatables).at(-1)).toMatchObject({ module_id: 'app-2' });
  });

  it('offers no app choice when the caller may enter data into this app only', async () => {
    mockFetch({
      [FORM]: ok(recordForm()),
      [LIST]: page([]),
      [`GET ${APPS_PATHS.dataEntryLookup}`]: ok([
        { module_id: 'app-1', display_name: 'Invoices', app_icon: null, category_name: null },
      ]),
    });
    renderScheduler('/schedule-editor/app-1');
    expect(
      await screen.findByText('This app has no schedules yet.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Schedules of the app' })).toBeNull();
  });

  it('refuses users who may not create entries in the app', async () => {
    mockFetch({ [FORM]: ok(recordForm({ create: false })) });
    renderScheduler('/schedule-editor/app-1');
    expect(await screen.findByText('No access to schedules', undefined, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('a new schedule', { timeout: 120_000 }, () => {
  it('checks name, cron and the entry’s values before sending, then saves and opens it', async () => {
    const calls = mockFetch({
      [FORM]: ok(recordForm()),
      [LIST]: page([]),
      [ZONES]: zones,
      [PREVIEW]: ok({ time_zone: 'UTC', next_runs: NEXT_RUNS }),
      [SAVE]: ok(scheduleDetail({ schedule_id: 's-9', name: 'Nightly' }), TASK_SCHEDULER_MESSAGES.saved),
      [`GET ${taskSchedulerPath.detail('s-9')}`]: ok(scheduleDetail({ schedule_id: 's-9', name: 'Nightly' })),
      [`GET ${taskSchedulerPath.activities('s-9')}`]: ok({ data: [], recordsTotal: 0 }),
    });
    const { router } = renderScheduler('/schedule-editor/app-1');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: /New schedule/ }, { timeout: 15_000 }))[0]!,
    );
    const form = await screen.findByTestId('schedule-form');

    // A cron of four fields is refused as soon as the field is left.
    const cron = within(form).getByLabelText('Cron expression');
    fireEvent.change(cron, { target: { value: '* * * *' } });
    fireEvent.blur(cron);
    expect(await within(form).findByText(TASK_SCHEDULER_MESSAGES.cronFields)).toBeTruthy();
    expect(within(form).getByLabelText('Repeat')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    // Under the name, and under the entry's required Title (entries are submitted).
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    expect(form.querySelector('#schedule-name-error')?.textContent).toBe('This field is required');
    expect(screen.getByTestId('schedule-notice')).toBeTruthy();
    expect(postsTo(calls, TASK_SCHEDULER_PATHS.save)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Schedule name'), { target: { value: 'Nightly' } });
    fireEvent.change(cron, { target: { value: '30 22 * * *' } });
    expect(await within(form).findByText('Every day at 22:30')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: 'Night check' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));

    await waitFor(() =>
      expect(postsTo(calls, TASK_SCHEDULER_PATHS.save)).toEqual([
        {
          module_id: 'app-1',
          name: 'Nightly',
          cron: '30 22 * * *',
          time_zone: 'UTC',
          record_values: { title: 'Night check' },
          submit: true,
          status: 'active',
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule-editor/app-1/s-9'));
  });

  it('writes the cron from a preset', async () => {
    mockFetch({
      [FORM]: ok(recordForm()),
      [LIST]: page([]),
      [ZONES]: zones,
      [PREVIEW]: ok({ time_zone: 'UTC', next_runs: NEXT_RUNS }),
    });
    renderScheduler('/schedule-editor/app-1');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: /New schedule/ }, { timeout: 15_000 }))[0]!,
    );
    const form = await screen.findByTestId('schedule-form');
    const cron = within(form).getByLabelText('Cron expression') as HTMLInputElement;
    expect(cron.value).toBe('0 9 * * *');
    fireEvent.change(within(form).getByLabelText('At (time)'), { target: { value: '07:45' } });
    expect(cron.value).toBe('45 7 * * *');
    expect(within(form).getByText('Every day at 07:45')).toBeTruthy();
  });
});

describe('one schedule', { timeout: 120_000 }, () => {
  const editorCalls = (extra: Parameters<typeof mockFetch>[0] = {}) => {
    let status: 'active' | 'paused' = 'active';
    return mockFetch({
      [FORM]: ok(recordForm()),
      [ZONES]: zones,
      [DETAIL]: () => ok(scheduleDetail({ status })),
      [PREVIEW]: ok({ time_zone: 'Asia/Kolkata', next_runs: NEXT_RUNS }),
      [ACTIVITIES]: ok({
        data: [
          activity(3, { outcome: 'missed', record_id: null, missed_count: 4, message: 'x' }),
          activity(2),
          activity(1, { outcome: 'paused', record_id: null, user_name: 'Ada Admin' }),
        ],
        recordsTotal: 3,
      }),
      [ACTION]: (call) => {
        status = JSON.parse(call.body ?? '{}').status;
        return ok(
          scheduleDetail({ status }),
          status === 'paused' ? TASK_SCHEDULER_MESSAGES.paused : TASK_SCHEDULER_MESSAGES.resumed,
        );
      },
      ...extra,
    });
  };

  it('shows its settings, the next 5 runs in its own zone, and its activity log', async () => {
    const calls = editorCalls();
    renderScheduler('/schedule-editor/app-1/s-1');
    expect(
      await screen.findByRole('heading', { name: 'Morning report 1' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const form = screen.getByTestId('schedule-form');
    expect((within(form).getByLabelText('Schedule name') as HTMLInputElement).value).toBe('Morning report 1');
    expect(within(form).getByText('Monday to Friday at 09:00')).toBeTruthy();
    // 03:30 UTC is 09:00 in Kolkata: the preview reads in the schedule's zone.
    const preview = screen.getByTestId('schedule-preview');
    const runs = () => [...preview.querySelectorAll('li time')].map((item) => item.textContent);
    await waitFor(() => expect(runs()).toHaveLength(5));
    expect(runs()).toEqual([
      'Mon, 2026-03-09 09:00:00',
      'Tue, 2026-03-10 09:00:00',
      'Wed, 2026-03-11 09:00:00',
      'Thu, 2026-03-12 09:00:00',
      'Fri, 2026-03-13 09:00:00',
    ]);
    expect(postsTo(calls, TASK_SCHEDULER_PATHS.preview).at(-1)).toEqual({
      cron: '0 9 * * 1-5',
      time_zone: 'Asia/Kolkata',
    });

    const log = screen.getByTestId('schedule-activity-log');
    expect(
      await within(log).findByText('Runs missed while the scheduler was down: 4. Only the latest one ran.'),
    ).toBeTruthy();
    expect(within(log).getByText('Entry created')).toBeTruthy();
    expect(within(log).getByRole('link', { name: 'Open the entry' }).getAttribute('href')).toBe(
      '/item-editor/app-1/r-2',
    );
    expect(within(log).getByText('By Ada Admin')).toBeTruthy();
    const asked = calls.filter((call) => call.url.startsWith(taskSchedulerPath.activities('s-1')));
    expect(asked[0]!.url).toContain('page=1');
    expect(asked[0]!.url).toContain('length=10');
  });

  it('pauses and resumes from its header', async () => {
    const calls = editorCalls();
    renderScheduler('/schedule-editor/app-1/s-1');
    fireEvent.click(await screen.findByRole('button', { name: /Pause/ }, { timeout: 15_000 }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_SCHEDULER_PATHS.action)).toEqual([{ schedule_id: 's-1', status: 'paused' }]),
    );
    fireEvent.click(await screen.findByRole('button', { name: /Resume/ }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_SCHEDULER_PATHS.action).at(-1)).toEqual({
        schedule_id: 's-1',
        status: 'active',
      }),
    );
    expect(await screen.findByRole('button', { name: /Pause/ })).toBeTruthy();
  });

  it('puts the server’s message under the field it is about', async () => {
    editorCalls({
      [SAVE]: {
        status: 400,
        body: {
          success: false,
          message: TASK_SCHEDULER_MESSAGES.cronInvalid,
          data: {
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'cron', message: TASK_SCHEDULER_MESSAGES.cronInvalid }],
          },
        },
      },
    });
    renderScheduler('/schedule-editor/app-1/s-1');
    const form = await screen.findByTestId('schedule-form', undefined, { timeout: 15_000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const alerts = await within(form).findAllByText(TASK_SCHEDULER_MESSAGES.cronInvalid);
    expect(alerts.length).toBeGreaterThan(0);
    expect(within(form).getByLabelText('Cron expression').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when the schedule does not exist', async () => {
    mockFetch({ [FORM]: ok(recordForm()), [DETAIL]: fail(404, TASK_SCHEDULER_MESSAGES.notFound) });
    renderScheduler('/schedule-editor/app-1/s-1');
    expect(await screen.findByText('Schedule not found', undefined, { timeout: 15_000 })).toBeTruthy();
  });
});

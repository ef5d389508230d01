import { RECORDS_PATHS, type AppDetail, type IndexProgress } from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { APP_SETTINGS_PATHS } from '@formloop/contracts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { AppSettingsTab, IndexBuildProgress } from '../index.ts';
import { currentPercent } from '../components/index-build-progress.tsx';

// The form editor's line about the background build of an app's list indexes ("fast filters"),
// and the app settings' choice of fast filter fields.

afterEach(() => {
  vi.unstubAllGlobals();
});

const MODULE_ID = 'm-1';
const PROGRESS = `GET ${RECORDS_PATHS.indexProgress}`;

const idle: IndexProgress = {
  state: 'idle',
  planned: 0,
  built: 0,
  field: null,
  fieldLabel: null,
  method: null,
  phase: null,
  blocksDone: null,
  blocksTotal: null,
  tuplesDone: null,
  tuplesTotal: null,
};
const building: IndexProgress = {
  ...idle,
  state: 'building',
  planned: 12,
  built: 2,
  field: 'customer',
  fieldLabel: 'Customer',
  method: 'btree',
  phase: 'building index: scanning table',
  blocksDone: 45,
  blocksTotal: 100,
  tuplesDone: 0,
  tuplesTotal: 0,
};

function renderProgress() {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <IndexBuildProgress moduleId={MODULE_ID} version={3} />
    </AppProviders>,
  );
}

const region = () => screen.getByTestId('index-build-progress');

describe('index build progress', { timeout: 30_000 }, () => {
  it('says which field of how many is being prepared and how far, in a polite live region', async () => {
    mockFetch({ [PROGRESS]: ok(building) });
    renderProgress();
    await waitFor(() => expect(region().textContent).toBe('Preparing fast filters: 3 of 12 — Customer 45%'));
    expect(region().getAttribute('role')).toBe('status');
    expect(region().getAttribute('aria-live')).toBe('polite');
    const bar = within(region()).getByLabelText('Progress of the field being prepared');
    expect(bar).toBeTruthy();
  });

  it('asks every second while building and stops once done, saying nothing then', async () => {
    let asked = 0;
    const calls = mockFetch({
      [PROGRESS]: () => {
        asked += 1;
        return ok(
          asked < 3 ? { ...building, built: asked } : { ...idle, state: 'done', planned: 12, built: 12 },
        );
      },
    });
    renderProgress();
    await waitFor(() => expect(region().textContent).toContain('2 of 12'));
    await waitFor(() => expect(region().textContent).toContain('3 of 12'), { timeout: 3000 });
    await waitFor(() => expect(region().getAttribute('data-state')).toBe('done'), { timeout: 3000 });
    expect(region().textContent).toBe('');
    const after = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.length).toBe(after);
    expect(calls.every((call) => call.url.includes(`moduleId=${MODULE_ID}`))).toBe(true);
  });

  it('shows a queued build, a build still waiting to start scanning, and a failed one', async () => {
    mockFetch({ [PROGRESS]: ok({ ...idle, state: 'queued' }) });
    const { unmount } = renderProgress();
    await waitFor(() => expect(region().textContent).toBe('Preparing fast filters…'));
    unmount();
    vi.unstubAllGlobals();
    mockFetch({
      [PROGRESS]: ok({
        ...building,
        phase: 'waiting for writers before build',
        blocksTotal: 0,
        blocksDone: 0,
      }),
    });
    const second = renderProgress();
    await waitFor(() => expect(region().textContent).toBe('Preparing fast filters: 3 of 12 — Customer'));
    second.unmount();
    vi.unstubAllGlobals();
    mockFetch({ [PROGRESS]: ok({ ...idle, state: 'failed' }) });
    renderProgress();
    await waitFor(() => expect(region().textContent).toMatch(/could not be prepared/));
  });

  it('says nothing when there is no build or the question fails', async () => {
    const calls = mockFetch({});
    renderProgress();
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(region().getAttribute('data-state')).toBe('unknown');
    expect(region().textContent).toBe('');
  });

  it('takes the share of blocks, else of tuples', () => {
    expect(currentPercent(building)).toBe(45);
    expect(currentPercent({ ...building, blocksTotal: 0, tuplesDone: 1, tuplesTotal: 3 })).toBe(33);
    expect(currentPercent({ ...building, blocksTotal: null, tuplesTotal: 0 })).toBeNull();
  });
});

describe('fast filter fields', { timeout: 30_000 }, () => {
  const fields = [
    { name: 'customer', label: 'Customer', fieldType: 'text' },
    { name: 'amount', label: 'Amount', fieldType: 'number' },
    { name: 'approved', label: 'Approved', fieldType: 'switch' },
    { name: 'photo', label: 'Photo', fieldType: 'image' },
    { name: 'tags', label: 'Tags', fieldType: 'checklist' },
  ];
  const app = {
    id: MODULE_ID,
    display_name: 'Invoices',
    is_reassignment_disabled: false,
    module_draft: { fieldGroups: [], defaultConfig: {}, permission: [] },
  } as unknown as AppDetail;

  it('offers the fields that can be indexed and hands the choice to the editor', async () => {
    mockFetch({
      [`GET ${APP_SETTINGS_PATHS.moduleConfig}`]: ok({
        id: MODULE_ID,
        is_reassignment_disabled: false,
        module_version: 1,
        status: 'Published',
        default_config: {},
        record_templates: 0,
      }),
      [`GET ${APP_SETTINGS_PATHS.recordTemplateRead}`]: ok([]),
    });
    const onChange = vi.fn();
    authStore.signIn(adminSession);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AppSettingsTab
          moduleId={MODULE_ID}
          app={app}
          fields={fields}
          indexedFields={['amount', 'gone']}
          onIndexedFieldsChange={onChange}
        />
      </AppProviders>,
    );
    const select = await screen.findByRole('combobox', { name: 'Fast filter fields' });
    expect(screen.getByText(/at most 24/)).toBeTruthy();
    // The chosen one shows (an unknown name does not).
    const box = screen.getByTestId('fast-filter-fields');
    expect(within(box).getByText('Amount')).toBeTruthy();
    expect(within(box).queryByText('gone')).toBeNull();
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0),
    );
    const offered = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (option) => option.textContent,
    );
    expect(offered).toEqual(expect.arrayContaining(['Customer', 'Amount']));
    expect(offered).not.toContain('Approved');
    expect(offered).not.toContain('Photo');
    expect(offered).not.toContain('Tags');
    fireEvent.click(screen.getAllByText('Customer').at(-1)!);
    expect(onChange).toHaveBeenCalledWith(['amount', 'customer']);
  });

  it('is not shown without an editor to change it', async () => {
    mockFetch({});
    authStore.signIn(adminSession);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AppSettingsTab moduleId={MODULE_ID} app={app} fields={fields} />
      </AppProviders>,
    );
    await screen.findByTestId('app-settings-tab');
    expect(screen.queryByText('Fast filter fields')).toBeNull();
  });
});

import { APPS_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { apps, fieldErrors, FIRST_RENDER, locationOf, lookups, renderApps } from './app-fixtures.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LIST = `GET ${APPS_PATHS.listForms}`;
const CREATE = `POST ${APPS_PATHS.create}`;

async function openDialog() {
  const dialog = await screen.findByRole('dialog', {}, FIRST_RENDER);
  await within(dialog).findByLabelText('Name');
  return dialog;
}

/** Opens a select by its label and picks the option with this text. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByLabelText(label));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

async function submitAndExpect(dialog: HTMLElement, messages: string[]) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(fieldErrors()).toEqual(messages));
}

const selectOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.ant-select') as HTMLElement;

/** The chosen options' texts (a single select shows its value in a content box, a multiple one as tags). */
const chosenIn = (select: HTMLElement) =>
  Array.from(
    select.querySelectorAll('.ant-select-selection-item, .ant-select-single .ant-select-content-has-value'),
  ).map((node) => node.textContent);

describe('Create App dialog', { timeout: 90_000 }, () => {
  it('opens from ?create=1 and checks the name rules and reserved names before sending', async () => {
    const calls = mockFetch({ ...lookups, [LIST]: ok(apps) });
    renderApps('/form-editor?create=1');
    const dialog = await openDialog();
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(calls.some((call) => call.url === APPS_PATHS.reservedModuleNames)).toBe(true));

    const cases: Array<[string, string]> = [
      ['', 'This field is required'],
      ['   ', 'This field is required'],
      [' Travel', 'Cannot start with a space'],
      ['1 Travel', 'Cannot start with a number'],
      ['Tra--vel', 'Cannot contain special characters'],
      ['T'.repeat(41), 'Cannot exceed 40 characters'],
      ['users', 'Name: users is reserved system name, please use another name'],
    ];
    for (const [value, message] of cases) {
      fireEvent.change(name, { target: { value } });
      await submitAndExpect(dialog, [message]);
    }
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('checks the description, and Escape closes the dialog and drops ?create=1', async () => {
    const calls = mockFetch({ ...lookups, [LIST]: ok(apps) });
    const { router } = renderApps('/form-editor?create=1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Travel' } });
    const description = within(dialog).getByLabelText('Description');
    for (const [value, message] of [
      ['d'.repeat(251), 'Value can not exceed 250 characters'],
      [' Trips', 'Value cannot start with a space'],
    ] as const) {
      fireEvent.change(description, { target: { value } });
      await submitAndExpect(dialog, [message]);
    }
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(locationOf(router)).toBe('/form-editor'));
  });

  it('clears the service when the provider changes, and takes one service from a single-service provider', async () => {
    mockFetch({ ...lookups, [LIST]: ok(apps) });
    renderApps('/form-editor?create=1');
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText('ML service')).toBeNull();

    await choose(dialog, 'OCR provider', 'Azure');
    await waitFor(() => expect(within(dialog).getByLabelText('ML service')).toBeTruthy());
    expect(selectOf(dialog, 'ML service').classList.contains('ant-select-multiple')).toBe(true);
    await choose(dialog, 'ML service', 'Form Recognizer');
    await choose(dialog, 'ML service', 'Computer Vision');
    await waitFor(() =>
      expect(chosenIn(selectOf(dialog, 'ML service'))).toEqual(['Form Recognizer', 'Computer Vision']),
    );

    // The licence AI_AZURE_TRANSLATOR is missing: the option is there but cannot be chosen.
    const translator = await screen.findByTestId('unlicensed-s-tr');
    expect(translator.closest('.ant-select-item-option')?.classList).toContain(
      'ant-select-item-option-disabled',
    );
    fireEvent.click(translator);
    expect(chosenIn(selectOf(dialog, 'ML service'))).not.toContain('Translator');

    await choose(dialog, 'OCR provider', 'OpenAI');
    await waitFor(() => expect(chosenIn(selectOf(dialog, 'ML service'))).toEqual([]));
    expect(selectOf(dialog, 'ML service').classList.contains('ant-select-multiple')).toBe(false);
    await choose(dialog, 'ML service', 'GPT 4o');
    await waitFor(() => expect(chosenIn(selectOf(dialog, 'ML service'))).toEqual(['GPT 4o']));
    const dalle = await screen.findByTestId('unlicensed-s-dalle');
    expect(dalle.closest('.ant-select-item-option')?.classList).toContain('ant-select-item-option-disabled');
  });

  it('creates the app, closes, and opens its editor 150 ms later', async () => {
    let answeredAt = 0;
    const calls = mockFetch({
      ...lookups,
      [LIST]: ok(apps),
      [CREATE]: () => {
        answeredAt = Date.now();
        return ok({ id: 'a-new' }, 'App created');
      },
    });
    const { router } = renderApps('/form-editor?create=1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Travel' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Trips and costs' } });
    await choose(dialog, 'Group', 'Finance');
    await choose(dialog, 'OCR provider', 'OpenAI');
    await waitFor(() => expect(within(dialog).getByLabelText('ML service')).toBeTruthy());
    await choose(dialog, 'ML service', 'GPT 4o');
    fireEvent.click(within(dialog).getByLabelText('Add to quick launch'));
    await waitFor(() => expect(chosenIn(selectOf(dialog, 'ML service'))).toEqual(['GPT 4o']));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    let navigatedAt = 0;
    for (let step = 0; step < 200 && navigatedAt === 0; step += 1) {
      await vi.advanceTimersByTimeAsync(5);
      await new Promise((resolve) => setImmediate(resolve));
      if (router.state.location.pathname !== '/form-editor') navigatedAt = Date.now();
      // Until the editor opens, the dialog's URL flag is gone but the list stays.
      if (answeredAt > 0 && navigatedAt === 0) expect(router.state.location.pathname).toBe('/form-editor');
    }
    vi.useRealTimers();

    expect(answeredAt).toBeGreaterThan(0);
    expect(navigatedAt - answeredAt).toBeGreaterThanOrEqual(150);
    expect(navigatedAt - answeredAt).toBeLessThan(150 + 40);
    expect(locationOf(router)).toBe('/form-editor/show/a-new');
    expect(await screen.findByText('editor of a-new')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      name: 'Travel',
      description: 'Trips and costs',
      categoryId: 'g-fin',
      ocrProviderId: 'p-oai',
      ocrProviderName: 'OpenAI',
      machineLearningServiceId: '["s-gpt"]',
      appIcon: null,
      addToQuickLaunch: true,
    });
  });

  it('keeps the dialog open with the server message and a usable form when creating fails', async () => {
    mockFetch({
      ...lookups,
      [LIST]: ok(apps),
      [CREATE]: fail(500, 'The app store is being maintained.'),
    });
    const { router } = renderApps('/form-editor?create=1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Travel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByTestId('create-app-failure');
    expect(alert.textContent).toContain('The app store is being maintained.');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    await waitFor(() => expect(create.classList.contains('ant-btn-loading')).toBe(false));
    expect(create.disabled).toBe(false);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).disabled).toBe(false);
    expect(locationOf(router)).toBe('/form-editor?create=1');
  });

  it('puts a field error from the server under its field', async () => {
    mockFetch({
      ...lookups,
      [LIST]: ok(apps),
      [CREATE]: {
        status: 400,
        body: {
          success: false,
          message: 'Name: Travel is reserved system name, please use another name',
          data: {
            errors: [
              { field: 'name', message: 'Name: Travel is reserved system name, please use another name' },
            ],
          },
        },
      },
    });
    renderApps('/form-editor?create=1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Travel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(fieldErrors()).toEqual(['Name: Travel is reserved system name, please use another name']),
    );
    expect(within(dialog).queryByTestId('create-app-failure')).toBeNull();
  });
});

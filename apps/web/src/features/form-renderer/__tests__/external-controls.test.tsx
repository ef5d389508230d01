import { RECORD_LOOKUP_MESSAGES, RECORD_LOOKUP_PATHS } from '@formloop/contracts';
import type { ButtonSettings, ExternalSettings } from '@formloop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { DEVICE_ID_STORAGE_KEY } from '../runtime/gov-client.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REMOTE = `POST ${RECORD_LOOKUP_PATHS.remoteUrl}`;
const RUNTIME = { moduleId: 'app-orders' };

const externalOf = (patch: Partial<ExternalSettings> = {}): ExternalSettings => ({
  url: 'https://api.example.com/items',
  requestType: 'GET',
  headers: [],
  body: '',
  params: [],
  responseFormat: 'json',
  responsePath: 'result.items',
  dataType: 'object',
  resultType: 'multiple',
  addGovHeaders: false,
  ...patch,
});
const buttonOf = (patch: Partial<ButtonSettings>): ButtonSettings => ({
  submitAllFields: false,
  showAsLink: false,
  renderType: 'text',
  renderTarget: '',
  showInModal: false,
  ...patch,
});

const remoteBodies = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url === RECORD_LOOKUP_PATHS.remoteUrl)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

describe('external controls in a running app', { timeout: 60_000 }, () => {
  it('offers the options of a remote lookup from what the service answered at its response path', async () => {
    const calls = mockFetch({
      // The value at responsePath, as the server answers it: wrapped once more by this service.
      [REMOTE]: ok({
        status: 200,
        data: {
          items: [
            { code: 'GB', name: 'United Kingdom' },
            { code: 'FR', name: 'France' },
          ],
        },
      }),
    });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: RUNTIME,
      initial: { city: 'London' },
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('text', 'city', 'City'),
            payloadField('remote-lookup', 'country', 'Country', { external: externalOf() }),
            payloadField('multi-select-external', 'visited', 'Visited', { external: externalOf() }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.mouseDown(await screen.findByLabelText('Country', undefined, { timeout: 15_000 }));
    fireEvent.click(await screen.findByText('United Kingdom'));
    await waitFor(() => expect(seen.at(-1)?.country).toBe('GB'));
    expect(remoteBodies(calls)[0]).toEqual({
      moduleId: 'app-orders',
      fieldName: 'country',
      values: { city: 'London', _search: '' },
    });

    fireEvent.mouseDown(screen.getByLabelText('Visited'));
    // The country list stays in the page (hidden): wait for the second list's options.
    await waitFor(() => expect(screen.getAllByText('France')).toHaveLength(2));
    fireEvent.click(screen.getAllByText('France')[1] as HTMLElement);
    await waitFor(() => expect(seen.at(-1)?.visited).toEqual(['FR']));
  });

  it('fetches the value of an external input on Enter and shows the server’s message when it fails', async () => {
    let answer = ok({ status: 200, data: { value: 'GB123456789', valid: true } });
    const calls = mockFetch({ [REMOTE]: () => answer });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: RUNTIME,
      definition: definitionOf([
        payloadGroup('main', [
          payloadField('input-external', 'vat', 'VAT number', { external: externalOf() }),
        ]),
      ]),
      onValues: (values) => seen.push(values),
    });
    const input = await screen.findByLabelText('VAT number', undefined, { timeout: 15_000 });
    fireEvent.change(input, { target: { value: 'gb 123' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(seen.at(-1)?.vat).toBe('GB123456789'));
    expect(remoteBodies(calls)[0]).toMatchObject({ fieldName: 'vat', values: { vat: 'gb 123' } });

    answer = fail(502, RECORD_LOOKUP_MESSAGES.remoteFailed.replace('{status}', '503'));
    fireEvent.click(screen.getByRole('button', { name: 'Fetch the value of VAT number' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The external service did not answer (503).');
    expect(seen.at(-1)?.vat).toBe('GB123456789');
  });

  it('shows a table answer below the button and sends the form only when asked to', async () => {
    const calls = mockFetch({
      [REMOTE]: ok({
        status: 200,
        data: [
          { sku: 'T-1', price: 3.5 },
          { sku: 'C-2', price: 2 },
        ],
      }),
    });
    renderForm({
      runtime: RUNTIME,
      initial: { note: 'hello' },
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('text', 'note', 'Note'),
            payloadField('button', 'prices', 'Prices', {
              external: externalOf(),
              button: buttonOf({ renderType: 'table', showAsLink: true }),
            }),
            payloadField('button', 'send', 'Send all', {
              external: externalOf(),
              button: buttonOf({ submitAllFields: true, renderType: 'json' }),
            }),
          ]),
        ),
      ]),
    });
    const prices = await screen.findByRole('button', { name: 'Prices' }, { timeout: 15_000 });
    expect(prices.className).toContain('ant-btn-link');
    fireEvent.click(prices);
    const table = await screen.findByRole('region', { name: 'Answer of Prices' });
    expect(within(table).getByRole('columnheader', { name: 'Sku' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'C-2' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '3.5' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send all' }));
    await screen.findByRole('region', { name: 'Answer of Send all' });
    const [first, second] = remoteBodies(calls);
    expect(first).toEqual({ moduleId: 'app-orders', fieldName: 'prices' });
    expect(second).toMatchObject({ fieldName: 'send', values: { note: 'hello' } });
  });

  it('sanitises an HTML answer, writes it into the target field, and opens a modal when told to', async () => {
    const html = '<p>Hi <b>there</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>';
    mockFetch({ [REMOTE]: ok({ status: 200, data: html }) });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: RUNTIME,
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('textarea', 'summary', 'Summary'),
            payloadField('button', 'fill', 'Fill summary', {
              external: externalOf(),
              button: buttonOf({ renderType: 'html', renderTarget: 'summary' }),
            }),
            payloadField('button', 'preview', 'Preview', {
              external: externalOf(),
              button: buttonOf({ renderType: 'html', showInModal: true }),
            }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fill summary' }, { timeout: 15_000 }));
    await waitFor(() => expect(typeof seen.at(-1)?.summary).toBe('string'));
    const stored = String(seen.at(-1)?.summary);
    expect(stored).toContain('<b>there</b>');
    expect(stored).not.toMatch(/onerror|<script/);

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    const shown = within(dialog).getByTestId('button-result-html');
    expect(shown.querySelector('b')?.textContent).toBe('there');
    expect(shown.querySelector('script')).toBeNull();
    expect(shown.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('sends the browser’s Gov-Client values when the field adds gov headers', async () => {
    localStorage.removeItem(DEVICE_ID_STORAGE_KEY);
    const calls = mockFetch({ [REMOTE]: ok({ status: 200, data: 'ok' }) });
    renderForm({
      runtime: RUNTIME,
      definition: definitionOf([
        payloadGroup('main', [
          payloadField('button', 'submit_vat', 'Submit VAT', {
            external: externalOf({ addGovHeaders: true }),
            button: buttonOf({}),
          }),
        ]),
      ]),
    });
    const button = await screen.findByRole('button', { name: 'Submit VAT' }, { timeout: 15_000 });
    fireEvent.click(button);
    await screen.findByText('ok');
    fireEvent.click(button);
    await waitFor(() => expect(remoteBodies(calls)).toHaveLength(2));
    const [first = {}, second = {}] = remoteBodies(calls).map(
      (body) => body.govClient as Record<string, string>,
    );
    expect(first['Gov-Client-Timezone']).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
    expect(first['Gov-Client-Screens']).toMatch(
      /^width=\d+&height=\d+&scaling-factor=[\d.]+&colour-depth=\d+$/,
    );
    expect(first['Gov-Client-Window-Size']).toMatch(/^width=\d+&height=\d+$/);
    expect(first['Gov-Client-Browser-JS-User-Agent']).toBe(navigator.userAgent);
    // The device id is made once and kept for this browser.
    expect(first['Gov-Client-Device-ID']).toBe(localStorage.getItem(DEVICE_ID_STORAGE_KEY));
    expect(second['Gov-Client-Device-ID']).toBe(first['Gov-Client-Device-ID']);
  });
});

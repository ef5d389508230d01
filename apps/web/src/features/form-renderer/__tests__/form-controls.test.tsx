import { REFERENCE_DATA_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fileInput = (group: HTMLElement) => group.querySelector('input[type="file"]') as HTMLInputElement;

describe('form renderer controls', { timeout: 60_000 }, () => {
  it('takes choices from the reference list the field uses', async () => {
    const calls = mockFetch({
      [`GET ${REFERENCE_DATA_PATHS.dataByKey}`]: ok([
        { row_id: 'r1', value: 'Red', order_index: 0 },
        { row_id: 'r2', value: 'Green', order_index: 1 },
      ]),
    });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([
        payloadGroup('main', [payloadField('checklist', 'colours', 'Colours', { listToUse: 'list-1' })]),
      ]),
      onValues: (values) => seen.push(values),
    });
    // Generous waits: the first render of a file loads the translations and antd's styles.
    const group = await screen.findByLabelText('Colours', undefined, { timeout: 15_000 });
    fireEvent.click(await within(group).findByLabelText('Green', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(seen.at(-1)?.colours).toEqual(['Green']), { timeout: 10_000 });
    expect(calls.some((call) => call.url.includes('key=list-1'))).toBe(true);
  });

  it('offers users from the Editor API lookup', async () => {
    const calls = mockFetch({
      'GET /api/form/Editor/UserLookup2': ok([
        { uid: 'u-1', fullname: 'Ada Admin' },
        { uid: 'u-2', fullname: 'Bob Builder' },
      ]),
    });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('people', [payloadField('multi-select-user', 'team', 'Team')])]),
      onValues: (values) => seen.push(values),
    });
    const picker = await screen.findByLabelText('Team', undefined, { timeout: 15_000 });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByText('Bob Builder'));
    await waitFor(() => expect(seen.at(-1)?.team).toEqual(['u-2']));
    expect(calls.some((call) => call.url.includes('UserLookup2?search='))).toBe(true);
  });

  it('keeps chosen files in the page, refusing types and sizes the field does not accept', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'files',
          stacked([
            payloadField('multi-file', 'papers', 'Papers', { accept: '.pdf', maxSizeMb: 1 }),
            payloadField('image', 'photo', 'Photo', { disabled: true }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    const papers = await screen.findByLabelText('Papers', undefined, { timeout: 15_000 });
    fireEvent.change(fileInput(papers), {
      target: { files: [new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(papers).findByText('contract.pdf')).toBeTruthy();
    await waitFor(() =>
      expect(seen.at(-1)?.papers).toMatchObject([
        { name: 'contract.pdf', status: 'done', url: '', fileKey: '' },
      ]),
    );

    fireEvent.change(fileInput(papers), { target: { files: [new File(['x'], 'virus.exe')] } });
    expect(await within(papers).findByRole('alert')).toBeTruthy();
    expect(within(papers).getByRole('alert').textContent).toBe(
      'The file virus.exe is not of an accepted type (.pdf)',
    );
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 });
    fireEvent.change(fileInput(papers), { target: { files: [big] } });
    await waitFor(() =>
      expect(within(papers).getByRole('alert').textContent).toBe('The file big.pdf is larger than 1 MB'),
    );

    // Spec §5: a disabled image field still takes files.
    const photo = screen.getByLabelText('Photo');
    expect(within(photo).getByRole('button', { name: /Select image/ })).toBeTruthy();
  });

  it('lets keyboard users sign by typing their name, and clears the signature', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('sign', [payloadField('signature', 'sig', 'Signature')])]),
      onValues: (values) => seen.push(values),
    });
    const pad = await screen.findByLabelText('Signature', undefined, { timeout: 15_000 });
    expect(within(pad).getByRole('img', { name: 'Signature pad for Signature' })).toBeTruthy();
    fireEvent.change(within(pad).getByLabelText('Type your name to sign Signature'), {
      target: { value: 'Ada Admin' },
    });
    await waitFor(() => expect(seen.at(-1)?.sig).toBe('Ada Admin'));
    fireEvent.click(within(pad).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(seen.at(-1)?.sig).toBeNull());
  });

  it('draws a barcode as a CODE128 SVG with its text under it', async () => {
    mockFetch({});
    const fields = stacked([
      payloadField('barcode', 'code', 'Code', { value: 'ABC-123' }),
      payloadField('barcode', 'odd', 'Odd', { value: 'Zürich' }),
    ]);
    renderForm({ definition: definitionOf([payloadGroup('codes', fields)]) });
    const code = await screen.findByLabelText('Code', undefined, { timeout: 15_000 });
    expect(code.textContent).toBe('ABC-123');
    const svg = within(code).getByRole('img', { name: 'Barcode ABC-123' });
    await waitFor(() => expect(svg.getAttribute('data-barcode')).toBe('drawn'));
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10);
    // CODE128 has no 'ü': the text stays, with a note instead of bars.
    const odd = screen.getByLabelText('Odd');
    expect(await within(odd).findByText('This value cannot be drawn as a CODE128 barcode.')).toBeTruthy();
  });

  it('takes a typed code, and offers the camera only where the browser can read codes', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    const fields = [payloadField('barcode-scanner', 'scan', 'Scan')];
    const { unmount } = renderForm({
      definition: definitionOf([payloadGroup('codes', fields)]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.change(await screen.findByLabelText('Scan', undefined, { timeout: 15_000 }), {
      target: { value: '4006381333931' },
    });
    await waitFor(() => expect(seen.at(-1)?.scan).toBe('4006381333931'));
    expect(screen.queryByRole('button', { name: /Scan a code/ })).toBeNull();
    unmount();

    // A camera alone is not enough (Firefox has no barcode detector): still typed entry only.
    const getUserMedia = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const second = renderForm({ definition: definitionOf([payloadGroup('codes', fields)]) });
    await screen.findByLabelText('Scan');
    expect(screen.queryByRole('button', { name: /Scan a code/ })).toBeNull();
    second.unmount();

    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = async () => [];
      },
    );
    renderForm({ definition: definitionOf([payloadGroup('codes', fields)]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan a code with the camera for Scan' }));
    expect(await screen.findByText('The camera could not be started. Type the code instead.')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalled();
  });

  it('stores switches and ticks as booleans, sliders and ratings as numbers', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('switch', 'active', 'Active'),
            payloadField('checkbox', 'agreed', 'Agreed'),
            payloadField('slider', 'level', 'Level', { minValue: 0, maxValue: 10, intervalSize: 2 }),
            payloadField('rating', 'stars', 'Stars', { maxRating: 5 }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.click(await screen.findByLabelText('Active', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(seen.at(-1)?.active).toBe(true));
    fireEvent.click(screen.getByLabelText('Agreed'));
    await waitFor(() => expect(seen.at(-1)?.agreed).toBe(true));
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Level' }), { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(seen.at(-1)?.level).toBe(2));
    const stars = within(screen.getByRole('group', { name: 'Stars' })).getAllByRole('radio');
    fireEvent.click(stars[2] as HTMLElement);
    await waitFor(() => expect(seen.at(-1)?.stars).toBe(3));
    expect(seen.at(-1)).toMatchObject({ active: true, agreed: true, level: 2, stars: 3 });
  });
});

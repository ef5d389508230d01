import { APP_SETTINGS_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { ORGANIZATION_PREFERENCE_STORAGE_KEY } from '../../../shared/organization/use-organization-preference.ts';
import { instantToWallClock, wallClockToInstant } from '../controls/date-controls.tsx';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Puts the caret selection around `text` inside `root`'s first text node holding it. */
function selectText(root: HTMLElement, text: string) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(text) ?? -1;
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return;
  }
  throw new Error(`no text ${text}`);
}

describe('rich controls', { timeout: 60_000 }, () => {
  it('edits rich text with a toolbar and lets no script or handler out', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('main', [payloadField('richtext', 'notes', 'Notes')])]),
      initial: { notes: '<p>Hi <img src="x.png" onerror="alert(1)"><script>alert(2)</script>there</p>' },
      onValues: (values) => seen.push(values),
    });
    const editor = await screen.findByRole('textbox', { name: 'Notes' }, { timeout: 15_000 });
    await waitFor(() => expect(editor.innerHTML).toBe('<p>Hi <img src="x.png">there</p>'));

    // Whatever reaches the editor's DOM, the value that leaves it is sanitised.
    editor.innerHTML =
      '<p>hello world <img src="y.png" onerror="steal()"><a href="javascript:alert(3)">x</a></p>';
    fireEvent.input(editor);
    await waitFor(() => expect(seen.at(-1)?.notes).toBe('<p>hello world <img src="y.png"><a>x</a></p>'));

    selectText(editor, 'world');
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(seen.at(-1)?.notes).toContain('hello <strong>world</strong>'));

    selectText(editor, 'hello');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByRole('textbox', { name: 'Link address (empty removes the link)' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a web (http, https) or e-mail (mailto) address.',
    );
    fireEvent.change(address, { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(seen.at(-1)?.notes).toContain(
        '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">hello</a>',
      ),
    );

    selectText(editor, 'world');
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(seen.at(-1)?.notes).toMatch(/^<ul><li>.*world.*<\/li><\/ul>$/));
  });

  it('edits richtext-html as source, sanitised, and shows read-only rich text sanitised', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    const { unmount } = renderForm({
      definition: definitionOf([payloadGroup('main', [payloadField('richtext-html', 'body', 'Body')])]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'HTML source' }, { timeout: 15_000 }));
    fireEvent.change(screen.getByRole('textbox', { name: 'HTML source of Body' }), {
      target: { value: '<b onclick="x()">Bold</b><iframe src="https://evil"></iframe>' },
    });
    await waitFor(() => expect(seen.at(-1)?.body).toBe('<b>Bold</b>'));
    unmount();

    renderForm({
      definition: definitionOf([payloadGroup('main', [payloadField('richtext', 'notes', 'Notes')])]),
      initial: { notes: '<p onmouseover="x()">Safe<script>alert(1)</script></p>' },
      readOnly: true,
    });
    const shown = await screen.findByRole('document', { name: 'Notes' }, { timeout: 15_000 });
    expect(shown.innerHTML).toBe('<p>Safe</p>');
  });

  it('masks passwords with a reveal button and never shows them read-only', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    const definition = definitionOf([payloadGroup('main', [payloadField('password', 'pin', 'PIN')])]);
    const { unmount } = renderForm({ definition, onValues: (values) => seen.push(values) });
    const input = (await screen.findByLabelText('PIN', undefined, { timeout: 15_000 })) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 's3cret' } });
    await waitFor(() => expect(seen.at(-1)?.pin).toBe('s3cret'));
    fireEvent.click(screen.getByRole('button', { name: 'Show the password of PIN' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the password of PIN' }));
    expect(input.type).toBe('password');
    unmount();

    renderForm({ definition, readOnly: true, initial: { pin: 's3cret' } });
    const shown = (await screen.findByLabelText('PIN', undefined, { timeout: 15_000 })) as HTMLInputElement;
    expect(shown.value).toBe('••••••••');
    expect(document.body.innerHTML).not.toContain('s3cret');
  });

  it('reads numbers in either separator style and stores percentages /100', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('number', 'amount', 'Amount', { format: 'Thousands', decimalPlaces: 2 }),
            payloadField('number', 'rate', 'Rate', { format: 'Percentage' }),
            payloadField('number', 'price', 'Price', { format: 'Currency', decimalPlaces: 2 }),
          ]),
        ),
      ]),
      initial: { rate: 0.07, price: 1234.5 },
      onValues: (values) => seen.push(values),
    });
    const amount = (await screen.findByLabelText('Amount', undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    const rate = screen.getByLabelText('Rate') as HTMLInputElement;
    expect(rate.value).toBe('7');
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('1,234.50');

    fireEvent.change(amount, { target: { value: '1.234,56' } });
    await waitFor(() => expect(seen.at(-1)?.amount).toBe(1234.56));
    fireEvent.change(amount, { target: { value: '-1,234.5' } });
    await waitFor(() => expect(seen.at(-1)?.amount).toBe(-1234.5));
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.value).toBe('-1,234.50'));

    fireEvent.change(rate, { target: { value: '12,5' } });
    await waitFor(() => expect(seen.at(-1)?.rate).toBe(0.125));
  });

  it('shows dates in the organization’s formats and zone, storing normalised values', async () => {
    localStorage.setItem(
      ORGANIZATION_PREFERENCE_STORAGE_KEY,
      JSON.stringify({
        time_zone: 'Asia/Tokyo',
        date_format: 'DD/MM/YYYY',
        datetime_format: 'DD/MM/YYYY HH:mm',
        time_format: 'hh:mm A',
      }),
    );
    mockFetch({});
    const definition = definitionOf([
      payloadGroup(
        'main',
        stacked([
          payloadField('date', 'day', 'Day'),
          payloadField('datetime', 'at', 'At'),
          payloadField('time', 'clock', 'Clock'),
        ]),
      ),
    ]);
    const initial = { day: '2026-03-01', at: '2026-11-22T10:00:00.000Z', clock: '14:05:00' };
    const seen: Record<string, unknown>[] = [];
    const { unmount } = renderForm({ definition, initial, onValues: (values) => seen.push(values) });
    const day = (await screen.findByLabelText('Day', undefined, { timeout: 15_000 })) as HTMLInputElement;
    expect(day.value).toBe('01/03/2026');
    const at = screen.getByLabelText('At') as HTMLInputElement;
    expect(at.value).toBe('22/11/2026 19:00');
    expect((screen.getByLabelText('Clock') as HTMLInputElement).value).toBe('02:05 PM');
    // 'Now' is this instant, whatever the browser's zone.
    fireEvent.focus(at);
    fireEvent.mouseDown(at);
    fireEvent.click(at);
    fireEvent.click(await screen.findByRole('button', { name: 'Now' }));
    await waitFor(() => expect(typeof seen.at(-1)?.at).toBe('string'));
    expect(Math.abs(Date.parse(seen.at(-1)?.at as string) - Date.now())).toBeLessThan(60_000);
    unmount();

    renderForm({ definition, initial, readOnly: true });
    expect(
      ((await screen.findByLabelText('At', undefined, { timeout: 15_000 })) as HTMLInputElement).value,
    ).toBe('22/11/2026 19:00');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('01/03/2026');

    // A picked wall-clock time is read in the organization's zone and stored as the instant.
    const shown = instantToWallClock('2026-11-22T10:00:00.000Z', 'Asia/Tokyo');
    expect(shown?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 19:00');
    expect(wallClockToInstant(shown!.add(90, 'minute'), 'Asia/Tokyo')).toBe('2026-11-22T11:30:00.000Z');
    expect(wallClockToInstant(shown!, 'Not/AZone')).toMatch(/^2026-11-2\dT\d\d:00:00\.000Z$/);
  });

  it('shows the names behind stored user ids and searches as people type', async () => {
    const calls = mockFetch({
      [`POST ${APP_SETTINGS_PATHS.userLookup}`]: ok({
        items: [{ id: 'u-2', username: 'bob', fullname: 'Bob Builder', email: 'bob@x.test' }],
        total: 1,
      }),
      [`GET ${APP_SETTINGS_PATHS.userLookup2}`]: (call) =>
        ok(
          call.url.includes('search=car')
            ? [{ id: 'u-3', username: 'carol', fullname: 'Carol Chen', email: 'carol@x.test' }]
            : [],
        ),
    });
    const seen: Record<string, unknown>[] = [];
    const definition = definitionOf([
      payloadGroup('people', [payloadField('multi-select-user', 'team', 'Team')]),
    ]);
    const { unmount } = renderForm({ definition, initial: { team: ['u-2'] }, onValues: (v) => seen.push(v) });
    const picker = await screen.findByLabelText('Team', undefined, { timeout: 15_000 });
    const select = picker.closest('.ant-select') as HTMLElement;
    expect(await within(select).findByText('Bob Builder')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')?.body ?? '{}')).toMatchObject({
      ids: ['u-2'],
    });
    // Nothing is searched until someone opens or types in the picker.
    expect(calls.some((call) => call.url.includes('UserLookup2'))).toBe(false);

    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'car' } });
    fireEvent.click(await screen.findByText('Carol Chen', undefined, { timeout: 5000 }));
    await waitFor(() => expect(seen.at(-1)?.team).toEqual(['u-2', 'u-3']));
    expect(calls.filter((call) => call.url.includes('UserLookup2?search=car'))).toHaveLength(1);
    unmount();

    renderForm({ definition, initial: { team: ['u-2', 'u-gone'] }, readOnly: true });
    const shown = (await screen.findByLabelText('Team', undefined, { timeout: 15_000 })) as HTMLInputElement;
    await waitFor(() => expect(shown.value).toBe('Bob Builder, u-gone'));
  });
});

import { RECORDS_MESSAGES, RECORDS_PATHS, recordPath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { bodiesOf, recordDetail, recordForm, recordRow, renderEditor } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FORM = `GET ${recordPath.form('app-1')}`;
const DETAIL = `GET ${recordPath.detail('r-1')}`;
const SAVE = `POST ${RECORDS_PATHS.save}`;
const SUBMIT = `POST ${RECORDS_PATHS.submit}`;
const COMMENTS = `GET ${RECORDS_PATHS.loadComment}`;
const noComments = ok({ comments: [], total: 0, hasMore: false });

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: RegExp | string) =>
  within(screen.getByTestId('item-editor-header')).getByRole('button', { name });
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

describe('item editor', { timeout: 120_000 }, () => {
  it('saves a new entry as a draft, then moves to its address and keeps the editor', async () => {
    const saved = recordRow({ id: 'r-new', data: { title: 'Desk lamps', amount: 42 } });
    const calls = mockFetch({
      [FORM]: ok(recordForm()),
      [SAVE]: ok(saved),
      [COMMENTS]: noComments,
    });
    const router = renderEditor('/item-editor/app-1');
    const title = await screen.findByLabelText('Title', undefined, { timeout: 15_000 });
    expect(screen.getByText('This entry has not been saved yet.')).toBeTruthy();
    expect(screen.getByText('Save the entry to add comments.')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Desk lamps' } });
    fireEvent.change(input('Amount'), { target: { value: '42' } });
    expect(screen.getByTestId('unsaved-marker')).toBeTruthy();

    fireEvent.click(button(/Save draft/));
    expect(await screen.findByText('The entry has been saved.')).toBeTruthy();
    const save = calls.find((call) => call.method === 'POST');
    expect(save?.url).toBe(`${RECORDS_PATHS.save}?moduleId=app-1`);
    expect(JSON.parse(save?.body ?? '{}')).toEqual({ data: { title: 'Desk lamps', amount: 42 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/item-editor/app-1/r-new'));
    // Same editor: no detail load, the values stay, the info and comments panels know the entry.
    expect(input('Title').value).toBe('Desk lamps');
    expect(calls.some((call) => call.url.includes('/detail'))).toBe(false);
    expect(await screen.findByTestId('record-status')).toBeTruthy();
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    expect(screen.queryByTestId('unsaved-marker')).toBeNull();

    // The next save changes the entry it made, with the version it has.
    fireEvent.change(input('Title'), { target: { value: 'Desk lamps (blue)' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(bodiesOf(calls, RECORDS_PATHS.save)).toHaveLength(2));
    expect(bodiesOf(calls, RECORDS_PATHS.save)[1]).toEqual({
      recordId: 'r-new',
      expectedModifiedOn: saved.modified_on,
      data: { title: 'Desk lamps (blue)', amount: 42 },
    });
  });

  it('says what is missing on submit and sends nothing', async () => {
    const calls = mockFetch({ [FORM]: ok(recordForm()) });
    renderEditor('/item-editor/app-1');
    await screen.findByLabelText('Title', undefined, { timeout: 15_000 });
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(button(/Submit/));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByTestId('form-notice').textContent).toContain('Fix the marked fields');
    expect(posts(calls)).toEqual([]);
  });

  it('submits a valid entry and goes back to the list', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(recordDetail()),
      [SUBMIT]: ok(recordRow({ is_draft: false }), ''),
      [COMMENTS]: noComments,
    });
    const router = renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    fireEvent.click(button(/Submit/));
    expect(await screen.findByText('record list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/module/app-1');
    expect(bodiesOf(calls, RECORDS_PATHS.submit)).toEqual([
      {
        moduleId: 'app-1',
        recordId: 'r-1',
        expectedModifiedOn: '2026-03-02T14:45:00.000Z',
        data: { title: 'Office chairs', amount: 120 },
      },
    ]);
    expect(await screen.findByText('The entry has been submitted.')).toBeTruthy();
  });

  it('shows the server’s field messages on the fields and the message above the form', async () => {
    mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: noComments,
      [SUBMIT]: {
        status: 400,
        body: {
          success: false,
          message: RECORDS_MESSAGES.invalidValues,
          data: { code: 'validation', errors: [{ field: 'amount', message: 'Enter a valid number' }] },
        },
      },
    });
    renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    fireEvent.click(button(/Submit/));
    expect((await screen.findByTestId('form-notice')).textContent).toContain(RECORDS_MESSAGES.invalidValues);
    const amount = document.querySelector('[data-field-name="amount"]') as HTMLElement;
    expect(within(amount).getByRole('alert').textContent).toBe('Enter a valid number');
    // Changing the value the server judged takes its message away.
    fireEvent.change(input('Amount'), { target: { value: '7' } });
    await waitFor(() => expect(within(amount).queryByRole('alert')).toBeNull());
  });

  it('offers to reload when someone else changed the entry', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: noComments,
      [SAVE]: fail(409, RECORDS_MESSAGES.staleRecord),
    });
    renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    fireEvent.change(input('Title'), { target: { value: 'Mine' } });
    fireEvent.click(button(/Save draft/));
    const notice = await screen.findByTestId('form-notice');
    expect(notice.textContent).toContain(RECORDS_MESSAGES.staleRecord);
    fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/detail'))).toHaveLength(2));
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'));
  });

  it('shows an entry it may not change read-only, with its status, authors, dates and version', async () => {
    mockFetch({
      [DETAIL]: ok(
        recordDetail(
          { editable: false, activityId: 'fs-complete', form: recordForm({ delete: false }) },
          {
            is_draft: false,
            status: 'In Progress',
            display_status: 'In Progress - Running',
            workflow_status: 'Running',
          },
        ),
      ),
      [COMMENTS]: noComments,
    });
    renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    const title = input('Title');
    expect(title.readOnly || title.disabled).toBe(true);
    expect(screen.getByTestId('read-only-tag')).toBeTruthy();
    const header = screen.getByTestId('item-editor-header');
    expect(within(header).queryByRole('button', { name: /Save|Submit|Delete/ })).toBeNull();
    const info = screen.getByTestId('record-info');
    expect(within(info).getByTestId('record-status').textContent).toBe('In Progress - Running');
    expect(info.textContent).toContain('Bea Builder');
    expect(info.textContent).toContain('Carl Clerk');
    expect(info.textContent).toContain('2026');
    expect(info.textContent).toContain('Form version2');
    // The back arrow leads to the app's list (the app's name leads there from the shell's breadcrumbs).
    const link = within(header).getByRole('link', { name: 'Back to the list' });
    expect(link.getAttribute('href')).toBe('/module/app-1');
    expect(within(header).getByRole('heading', { name: 'Invoices' })).toBeTruthy();
  });

  it('deletes an entry after confirmation and goes back to the list', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: noComments,
      [`POST ${RECORDS_PATHS.deleteById}`]: ok({ deleted: 1 }),
    });
    const router = renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    fireEvent.click(button(/Delete/));
    expect(posts(calls)).toEqual([]);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('record list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/module/app-1');
    expect(bodiesOf(calls, RECORDS_PATHS.deleteById)).toEqual([{ id: 'r-1' }]);
    expect(await screen.findByText('The entry has been deleted.')).toBeTruthy();
  });

  it('says so when deleting fails and stays', async () => {
    mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: noComments,
      [`POST ${RECORDS_PATHS.deleteById}`]: fail(500, ''),
    });
    const router = renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    fireEvent.click(button(/Delete/));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting entry')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/item-editor/app-1/r-1');
  });

  it('asks before leaving unsaved changes', async () => {
    mockFetch({ [DETAIL]: ok(recordDetail()), [COMMENTS]: noComments });
    const router = renderEditor('/item-editor/app-1/r-1');
    await waitFor(() => expect(input('Title').value).toBe('Office chairs'), { timeout: 15_000 });
    // Nothing changed yet: leaving does not ask.
    expect(screen.queryByTestId('unsaved-marker')).toBeNull();
    fireEvent.change(input('Title'), { target: { value: 'Changed' } });
    fireEvent.click(button('Cancel'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/item-editor/app-1/r-1'));
    expect(input('Title').value).toBe('Changed');
    fireEvent.click(button('Cancel'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('record list')).toBeTruthy();
  });

  it('says when the caller may not create entries', async () => {
    mockFetch({ [FORM]: ok(recordForm({ create: false })) });
    renderEditor('/item-editor/app-1');
    expect(
      await screen.findByText('You may not create entries in this app.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
